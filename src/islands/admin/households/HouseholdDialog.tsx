import type { BilledToInput } from '#api/households/schemas'
import { useAdminHousehold, useSetAdminBilledTo } from '#islands/api/households/admin-households'
import { BilledToChoices } from '#islands/components/BilledToChoices'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Badge } from '#islands/components/ui/Badge'
import { Dialog } from '#islands/components/ui/Dialog'
import { Loading } from '#islands/components/ui/LoadState'
import { useNotify } from '#islands/components/ui/Toast'
import { HouseholdCards } from './HouseholdCards'
import { MergeHouseholdForm } from './MergeHouseholdForm'
import { StudioGuardianActions } from './StudioGuardianActions'
import { useAcademyDateTime } from '#islands/admin/viewer'

const ACTIONS: Record<string, string> = {
  invited: 'Invited',
  'invite-revoked': 'Revoked an invitation',
  joined: 'Joined',
  left: 'Left',
  removed: 'Removed',
  'access-changed': 'Changed access',
  'payer-changed': 'Chose the payer',
  merged: 'Merged a household in',
  'billed-to-changed': 'Changed who is billed',
  'card-left': 'A card left with its guardian',
}

/** An account's household for the studio (decisions §23): guardians, payer, invitations, cards, its audit, and merging a duplicate in. */
export function HouseholdDialog({ account, onClose }: { account: { id: number; fullName: string } | null; onClose: () => void }) {
  const formatDateTime = useAcademyDateTime()
  const household = useAdminHousehold(account?.id ?? null)
  const setBilledTo = useSetAdminBilledTo(account?.id ?? null)
  const notify = useNotify()
  const chooseBilledTo = async (input: BilledToInput) => {
    await setBilledTo.mutateAsync(input)
    notify({ title: 'Billing Updated', text: 'The household’s next tuition invoice is billed this way.' })
  }
  const data = household.data
  return (
    <Dialog open={account !== null} onClose={onClose} title={account ? `Household — ${account.fullName}` : 'Household'} wide closeButton>
      {household.isPending ? (
        <Loading label="Loading the household…" />
      ) : household.isError || !data ? (
        <ErrorCard message="Failed to load the household. Please try again." retryLabel="Try again" onRetry={() => void household.refetch()} />
      ) : (
        <>
          <ul aria-label="Guardians" className="space-y-2">
            {data.guardians.map((guardian) => (
              <li key={guardian.id} className="rounded-xl border border-gray-200 p-3">
                <p className="font-semibold">{guardian.fullName}</p>
                <p className="text-sm break-all text-gray-700">{guardian.email}</p>
                <p className="mt-1 flex flex-wrap gap-1.5">
                  <Badge tone={guardian.access === 'full' ? 'green' : 'grey'}>{guardian.access === 'full' ? 'Full access' : 'View and attendance'}</Badge>
                  {guardian.isPayer ? <Badge tone="brand">Payer</Badge> : null}
                  {guardian.holdsHousehold ? <Badge tone="grey">First guardian</Badge> : null}
                </p>
                <StudioGuardianActions accountId={data.householdId} guardian={guardian} onlyGuardian={data.guardians.length < 2} />
              </li>
            ))}
          </ul>
          {data.invites.length > 0 ? (
            <p className="mt-3 text-sm text-gray-700">Invitations waiting: {data.invites.map((invite) => invite.email).join(', ')}</p>
          ) : null}
          {data.billedTo.splitBilling && data.billedTo.students.length > 0 ? (
            <section aria-labelledby="household-billed-to" className="mt-4">
              <h3 id="household-billed-to" className="font-semibold">
                Billed to
              </h3>
              <p className="text-sm text-gray-700">Split billing: the guardian each child, or one of its classes, is billed to.</p>
              <BilledToChoices data={data.billedTo} guardians={data.guardians} onChoose={chooseBilledTo} pending={setBilledTo.isPending} />
            </section>
          ) : null}
          {account ? <HouseholdCards accountId={account.id} /> : null}
          <h3 className="mt-4 font-semibold">History</h3>
          {data.events.length === 0 ? (
            <p className="text-sm text-gray-700">Nothing has changed in this household’s guardians yet.</p>
          ) : (
            <div tabIndex={0} role="region" aria-label="History, scrollable" className="mt-1 max-h-48 overflow-y-auto">
              <ul aria-label="Household history" className="space-y-1 text-sm">
                {data.events.map((event) => (
                  <li key={event.id}>
                    <span className="text-gray-700">{formatDateTime(event.at)}</span> · {event.actorName}: {ACTIONS[event.action] ?? event.action} —{' '}
                    {event.subject}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <MergeHouseholdForm keepId={data.householdId} keepName={data.guardians.find((g) => g.holdsHousehold)?.fullName ?? ''} />
        </>
      )}
    </Dialog>
  )
}
