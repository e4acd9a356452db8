import { useState } from 'react'

import type { InquiryDto } from '#api/inquiries/schemas'
import { useInquiries } from '#islands/api/inquiries/admin-list-inquiries'
import { useMarkInquiryAddressed } from '#islands/api/inquiries/admin-mark-inquiry-addressed'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Badge } from '#islands/components/ui/Badge'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { Dialog, DialogActions } from '#islands/components/ui/Dialog'
import { useLoadFailureToast, useNotify, useNotifyFailure } from '#islands/components/ui/Toast'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { BUTTON, CARD, SCROLL_LIST, TABLE, TD } from '#islands/components/ui/styles'
import { TableHead } from '#islands/components/ui/TableHead'
import { useAcademyDateTime } from '#islands/admin/viewer'

const LOAD_FAILED = 'Failed to load inquiries. Please try again.'

/** Unaddressed first, then newest first. */
function sortInquiries(items: InquiryDto[]): InquiryDto[] {
  return [...items].sort((a, b) => Number(a.isAddressed) - Number(b.isAddressed) || b.submittedAt.localeCompare(a.submittedAt) || b.id - a.id)
}

export function InquiriesTab() {
  const formatDateTime = useAcademyDateTime()
  const inquiries = useInquiries()
  const mark = useMarkInquiryAddressed()
  const notify = useNotify()
  const notifyFailure = useNotifyFailure()
  const [readingId, setReadingId] = useState<number | null>(null)
  useLoadFailureToast(inquiries.isError, LOAD_FAILED)

  const rows = sortInquiries(inquiries.data ?? [])
  const reading = rows.find((item) => item.id === readingId) ?? null
  const open = rows.filter((item) => !item.isAddressed).length

  function markAddressed(inquiry: InquiryDto) {
    mark.mutate(inquiry.id, {
      onSuccess: () => {
        setReadingId(null)
        notify({ title: 'Inquiry Addressed', text: `The inquiry from ${inquiry.name} has been marked as addressed.` })
      },
      onError: (error) => {
        setReadingId(null)
        notifyFailure('Failed to mark inquiry as addressed', error)
      },
    })
  }

  const markButton = (inquiry: InquiryDto) =>
    inquiry.isAddressed ? (
      <span className="text-sm text-gray-700">{inquiry.addressedAt ? `Addressed ${formatDateTime(inquiry.addressedAt)}` : 'Addressed'}</span>
    ) : (
      <button type="button" className={BUTTON.secondary} disabled={mark.isPending && mark.variables === inquiry.id} onClick={() => markAddressed(inquiry)}>
        Mark as Addressed
        <span className="sr-only">
          : inquiry #{inquiry.id} from {inquiry.name}
        </span>
      </button>
    )

  const messageButton = (inquiry: InquiryDto) => (
    <button
      type="button"
      onClick={() => setReadingId(inquiry.id)}
      className="line-clamp-2 max-w-xs text-left text-brand-800 underline decoration-brand-700/40 underline-offset-2 hover:decoration-brand-700"
      aria-haspopup="dialog"
    >
      <span className="sr-only">Read the message from {inquiry.name}: </span>
      {inquiry.message}
    </button>
  )

  return (
    <section aria-labelledby="inquiries-heading">
      <SectionHeader id="inquiries-heading" title="Inquiries">
        Messages sent through the contact form{inquiries.data ? ` · ${open} waiting for an answer` : ''}. Select a message to read it in full.
      </SectionHeader>

      {inquiries.isPending ? (
        <Loading label="Loading inquiries…" />
      ) : inquiries.isError ? (
        <ErrorCard retryLabel="Try again" message={LOAD_FAILED} onRetry={() => inquiries.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>No inquiries yet.</Empty>
      ) : (
        <>
          <div className={`hidden md:block ${SCROLL_LIST}`} role="region" aria-label="Inquiries table" tabIndex={0}>
            <table className={TABLE}>
              <TableHead columns={['ID', 'Name', 'Email', 'Message', 'Submitted', 'Status', 'Actions']} />
              <tbody>
                {rows.map((inquiry) => (
                  <tr key={inquiry.id} data-inquiry-id={inquiry.id}>
                    <td className={`${TD} font-mono`}>#{inquiry.id}</td>
                    <td className={TD}>{inquiry.name}</td>
                    <td className={`${TD} break-all`}>{inquiry.email}</td>
                    <td className={TD}>
                      <p className="text-xs font-semibold text-gray-700">{inquiry.subject}</p>
                      {messageButton(inquiry)}
                    </td>
                    <td className={`${TD} whitespace-nowrap`}>{formatDateTime(inquiry.submittedAt)}</td>
                    <td className={TD}>
                      <AddressedBadge inquiry={inquiry} />
                    </td>
                    <td className={TD}>{markButton(inquiry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className={`space-y-3 p-3 md:hidden ${SCROLL_LIST}`} aria-label="Inquiries">
            {rows.map((inquiry) => (
              <li key={inquiry.id} className={CARD} data-inquiry-id={inquiry.id}>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium">{inquiry.name}</p>
                    <p className="text-sm break-all text-gray-700">{inquiry.email}</p>
                  </div>
                  <AddressedBadge inquiry={inquiry} />
                </div>
                <p className="mt-2 text-xs font-semibold text-gray-700">
                  #{inquiry.id} · {inquiry.subject} · {formatDateTime(inquiry.submittedAt)}
                </p>
                <div className="mt-1">{messageButton(inquiry)}</div>
                <div className="mt-3">{markButton(inquiry)}</div>
              </li>
            ))}
          </ul>
        </>
      )}

      <Dialog closeButton open={reading !== null} onClose={() => setReadingId(null)} title={reading ? reading.subject : 'Inquiry'} wide>
        {reading ? (
          <div className="space-y-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-semibold">From</dt>
              <dd>{reading.name}</dd>
              <dt className="font-semibold">Email</dt>
              <dd className="break-all">
                <a className="text-brand-800 underline" href={`mailto:${reading.email}?subject=${encodeURIComponent(`Re: ${reading.subject}`)}`}>
                  {reading.email}
                </a>
              </dd>
              <dt className="font-semibold">Submitted</dt>
              <dd>{formatDateTime(reading.submittedAt)}</dd>
              <dt className="font-semibold">Status</dt>
              <dd>
                <AddressedBadge inquiry={reading} />
                {reading.addressedAt ? <span className="ml-2 text-gray-700">on {formatDateTime(reading.addressedAt)}</span> : null}
              </dd>
            </dl>
            {/* Rendered as text: whatever a visitor typed never becomes markup. */}
            <p className="max-h-[50vh] overflow-y-auto rounded-xl bg-gray-50 p-4 break-words whitespace-pre-wrap" data-testid="inquiry-message">
              {reading.message}
            </p>
            <DialogActions>
              <button type="button" className={BUTTON.secondary} onClick={() => setReadingId(null)}>
                Close
              </button>
              {reading.isAddressed ? null : (
                <button type="button" className={BUTTON.primary} disabled={mark.isPending} onClick={() => markAddressed(reading)}>
                  {mark.isPending ? 'Marking…' : 'Mark as Addressed'}
                </button>
              )}
            </DialogActions>
          </div>
        ) : null}
      </Dialog>
    </section>
  )
}

function AddressedBadge({ inquiry }: { inquiry: InquiryDto }) {
  return inquiry.isAddressed ? <Badge tone="green">Addressed</Badge> : <Badge tone="yellow">Unaddressed</Badge>
}
