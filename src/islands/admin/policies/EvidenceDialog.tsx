import { useSignatureEvidence } from '#islands/api/policies/admin-policies'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Dialog } from '#islands/components/ui/Dialog'
import { Loading } from '#islands/components/ui/LoadState'
import { useAcademyDateTime } from '#islands/admin/viewer'

/** One signature's evidence on one page (issue 26): who, for whom, which version and its hash, the choices, when and from where. */
export function EvidenceDialog({ signatureId, onClose }: { signatureId: number | null; onClose: () => void }) {
  const formatDateTime = useAcademyDateTime()
  const evidence = useSignatureEvidence(signatureId)
  const e = evidence.data
  return (
    <Dialog closeButton wide open={signatureId !== null} onClose={onClose} title="Signature evidence">
      {evidence.isPending ? (
        <Loading label="Loading the evidence…" />
      ) : evidence.isError || !e ? (
        <ErrorCard title="Failed to load the evidence." onRetry={() => void evidence.refetch()} />
      ) : (
        <div className="space-y-3 text-sm">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
            <dt className="font-semibold">Document</dt>
            <dd>
              {e.documentTitle} (version {e.versionNumber})
            </dd>
            <dt className="font-semibold">For</dt>
            <dd>{e.studentName ?? 'The household'}</dd>
            <dt className="font-semibold">Typed name</dt>
            <dd>{e.fullName}</dd>
            <dt className="font-semibold">Account</dt>
            <dd>{e.guardian ? `${e.guardian.fullName} <${e.guardian.email}>` : 'Deleted'}</dd>
            <dt className="font-semibold">Choices</dt>
            <dd>{e.choices.join('; ') || 'None'}</dd>
            <dt className="font-semibold">Signed at</dt>
            <dd>{formatDateTime(e.signedAt)}</dd>
            <dt className="font-semibold">Client address</dt>
            <dd>{e.clientAddress}</dd>
            <dt className="font-semibold">SHA-256</dt>
            <dd className="break-all">
              {e.sha256} {e.hashMatches ? '(matches the stored text)' : e.hashMatches === false ? '(does NOT match the stored text)' : ''}
            </dd>
          </dl>
          <a className="font-semibold text-brand-800 underline" href={`/api/policies/signatures/${e.id}.pdf`}>
            Download the signed copy (PDF)
          </a>
          {e.version ? (
            <div tabIndex={0} role="region" aria-label="Signed text" className="max-h-64 overflow-y-auto rounded-xl bg-gray-50 p-3 whitespace-pre-line">
              {e.version.text}
            </div>
          ) : null}
        </div>
      )}
    </Dialog>
  )
}
