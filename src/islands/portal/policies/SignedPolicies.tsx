import { useState } from 'react'

import type { FamilyPolicyDto } from '#api/policies/schemas'
import { signedCopyHref, useWithdrawPolicy } from '#islands/api/policies/withdraw-policy'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { CARD } from '#islands/components/ui/styles'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { useCanChangeFamily } from '#islands/lib/use-family-access'
import { formatMoment } from '#shared/dates'

const LINK = 'inline-flex min-h-11 items-center font-semibold text-brand-800 underline'
const WITHDRAW = 'inline-flex min-h-11 items-center rounded-full border border-red-700 px-3.5 text-sm font-semibold text-red-800 hover:bg-red-50'

/**
 * What the family has signed for a student (issue 41): each signature's version and day, its
 * signed copy as a PDF, and a way to take it back where the studio's rule allows it (a photo
 * release at any time; anything else only while the child is in no class, which the row says).
 */
export function SignedPolicies({ documents, studentId, studentName }: { documents: FamilyPolicyDto[]; studentId: number; studentName: string }) {
  const canChange = useCanChangeFamily()
  const [withdrawing, setWithdrawing] = useState<FamilyPolicyDto | null>(null)
  const signed = documents.filter((doc) => doc.signature !== null)
  if (signed.length === 0) return null
  return (
    <section aria-labelledby="signed-title" className={`${CARD} space-y-3`}>
      <h2 id="signed-title" className="font-serif text-xl">
        Signed documents
      </h2>
      <ul className="divide-y divide-gray-200" aria-label={`Signed documents for ${studentName}`}>
        {signed.map((doc) => (
          <li key={doc.documentId} className="space-y-1 py-3">
            <p className="font-semibold">{doc.title}</p>
            <p className="text-sm text-gray-800">
              Version {doc.signature!.versionNumber}, signed {formatMoment(doc.signature!.signedAt)}
              {doc.signature!.choices.length ? ` · ${doc.signature!.choices.join('; ')}` : ''}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <a href={signedCopyHref(doc.signature!.id)} download className={LINK} aria-label={`Download signed copy of ${doc.title} (PDF)`}>
                Download signed copy
              </a>
              {canChange && doc.withdrawRefusal === null ? (
                <button type="button" className={WITHDRAW} onClick={() => setWithdrawing(doc)} aria-label={`Withdraw ${doc.title}`}>
                  Withdraw
                </button>
              ) : null}
            </div>
            {doc.withdrawRefusal ? <p className="text-sm text-gray-800">{doc.withdrawRefusal}</p> : null}
          </li>
        ))}
      </ul>
      <WithdrawDialog doc={withdrawing} studentId={studentId} studentName={studentName} onClose={() => setWithdrawing(null)} />
    </section>
  )
}

function WithdrawDialog({
  doc,
  studentId,
  studentName,
  onClose,
}: {
  doc: FamilyPolicyDto | null
  studentId: number
  studentName: string
  onClose: () => void
}) {
  const withdraw = useWithdrawPolicy()
  const notify = useNotify()
  const close = () => {
    withdraw.reset()
    onClose()
  }
  async function confirm() {
    if (!doc) return
    try {
      await withdraw.mutateAsync({ documentId: doc.documentId, studentId: doc.appliesTo === 'household' ? undefined : studentId })
      notify({ title: 'Signature withdrawn', text: `${doc.title} is no longer signed.` })
      close()
    } catch {
      // The refusal shows in the dialog.
    }
  }
  const whom = doc?.appliesTo === 'household' ? 'your household' : studentName
  return (
    <ConfirmDialog
      open={doc !== null}
      title={doc ? `Withdraw ${doc.title}?` : 'Withdraw'}
      confirmLabel="Withdraw signature"
      pendingLabel="Withdrawing…"
      cancelLabel="Keep it signed"
      pending={withdraw.isPending}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      <p>
        {doc?.kind === 'photo-release'
          ? `The studio will stop using photographs of ${whom} under this release. You can sign it again at any time.`
          : `It will have to be signed again for ${whom} before the next enrollment.`}
      </p>
      {withdraw.isError ? <ErrorAlert title="Not withdrawn">{errorMessage(withdraw.error, 'Please try again.')}</ErrorAlert> : null}
    </ConfirmDialog>
  )
}
