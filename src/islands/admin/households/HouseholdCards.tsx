import type { SavedCardDto } from '#api/autopay/schemas'
import { useAdminAutopay } from '#islands/api/households/admin-households'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Badge } from '#islands/components/ui/Badge'
import { Loading } from '#islands/components/ui/LoadState'
import { cardExpiry, cardLabel } from '#shared/autopay'
import { formatCalendarDay } from '#shared/dates'
import { formatDollars } from '#shared/money'

/** One card as the office reads it: which card, when it expires, whether autopay charges it. */
function CardLine({ card, enabled }: { card: SavedCardDto | null; enabled: boolean }) {
  if (!card) return <span>No card saved</span>
  return (
    <span>
      {cardLabel(card)} · expires {cardExpiry(card)} · Autopay {enabled ? 'on' : 'off'}
    </span>
  )
}

/**
 * The household's card and autopay for the studio, and under split billing each guardian's own
 * card (decisions §36): whether it pays their invoices now, and its next charge.
 */
export function HouseholdCards({ accountId }: { accountId: number }) {
  const autopay = useAdminAutopay(accountId)
  const data = autopay.data
  return (
    <section aria-labelledby="household-cards" className="mt-4">
      <h3 id="household-cards" className="font-semibold">
        Cards and autopay
      </h3>
      {autopay.isPending ? (
        <Loading label="Loading the cards…" />
      ) : autopay.isError || !data ? (
        <ErrorCard message="Failed to load the cards. Please try again." retryLabel="Try again" onRetry={() => void autopay.refetch()} />
      ) : (
        <>
          <p className="text-sm text-gray-700">
            Household: <CardLine card={data.card} enabled={data.enabled} />
          </p>
          {data.guardianCards.length > 0 ? (
            <ul aria-label="Guardians’ own cards" className="mt-2 space-y-2">
              {data.guardianCards.map((own) => (
                <li key={own.guardianId} className="rounded-xl border border-gray-200 p-3 text-sm">
                  <p className="font-semibold">{own.guardianName}</p>
                  <p className="text-gray-700">
                    <CardLine card={own.card} enabled={own.enabled} />
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-1.5">
                    {own.stands ? <Badge tone="green">Pays their invoices</Badge> : <Badge tone="grey">Pays nothing now</Badge>}
                    {own.stands && own.enabled && own.upcoming[0] ? (
                      <span className="text-gray-700">
                        Next charge: {formatDollars(own.upcoming[0].amount)} on {formatCalendarDay(own.upcoming[0].date)}
                      </span>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  )
}
