import { useState } from 'react'

import type { ComplianceRowDto } from '#api/policies/schemas'
import { complianceCsvHref, useAdminPolicies, usePolicyCompliance, useRemindUnsigned } from '#islands/api/policies/admin-policies'
import { useClasses } from '#islands/api/classes/list-classes'
import { SeasonClassOptions } from '#islands/components/SeasonClassOptions'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Badge, type BadgeTone } from '#islands/components/ui/Badge'
import { SelectField } from '#islands/components/ui/Field'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { BUTTON, CARD, SCROLL_LIST } from '#islands/components/ui/styles'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { EvidenceDialog } from './EvidenceDialog'
import { useAcademyDateTime } from '#islands/admin/viewer'

const STATUS: Record<ComplianceRowDto['status'], { label: string; tone: BadgeTone }> = {
  signed: { label: 'Signed', tone: 'green' },
  unsigned: { label: 'Not signed', tone: 'red' },
  resign: { label: 'Asked to sign again', tone: 'yellow' },
  withdrawn: { label: 'Withdrawn', tone: 'grey' },
}

/**
 * The studio's compliance view (issue 26): for one document, every student it applies to (or
 * those of one class), who signed which version and who has not, a reminder to the families that
 * have not, the CSV, and one signature's evidence. Documents are written in /cms.
 */
export function PoliciesTab() {
  const formatDateTime = useAcademyDateTime()
  const documents = useAdminPolicies()
  const classes = useClasses()
  const [documentId, setDocumentId] = useState<number | null>(null)
  const [classId, setClassId] = useState<number | null>(null)
  const [evidence, setEvidence] = useState<number | null>(null)
  const chosen = documentId ?? documents.data?.[0]?.id ?? null
  const compliance = usePolicyCompliance(chosen, classId)
  const remind = useRemindUnsigned()
  const notify = useNotify()

  const sendReminders = () =>
    chosen &&
    remind.mutate(
      { documentId: chosen, classId },
      {
        onSuccess: ({ reminded }) => notify({ title: 'Reminders Sent', text: `${reminded} ${reminded === 1 ? 'family' : 'families'} reminded.` }),
        onError: (error) => notify({ title: 'Could Not Send', text: errorMessage(error, 'Please try again.'), tone: 'error' }),
      },
    )

  return (
    <section aria-labelledby="policies-title" className="space-y-4">
      <SectionHeader id="policies-title" title="Policies">
        Who signed which version of each document. Documents are written in the CMS (Policy documents).
      </SectionHeader>
      {documents.isPending ? (
        <Loading label="Loading documents…" />
      ) : documents.isError ? (
        <ErrorCard title="Failed to load the documents." onRetry={() => void documents.refetch()} />
      ) : documents.data.length === 0 ? (
        <Empty>No policy documents yet: write one in the CMS.</Empty>
      ) : (
        <>
          <div className={`${CARD} grid gap-3 md:grid-cols-2`}>
            <SelectField id="policy-document" label="Document" value={chosen ?? ''} onChange={(e) => setDocumentId(Number(e.target.value))}>
              {documents.data.map((doc) => (
                <option key={doc.id} value={doc.id}>
                  {doc.title} (version {doc.currentVersionNumber ?? '–'}
                  {doc.required ? ', required' : ''})
                </option>
              ))}
            </SelectField>
            <SelectField id="policy-class" label="Class" value={classId ?? ''} onChange={(e) => setClassId(e.target.value ? Number(e.target.value) : null)}>
              <option value="">Every student</option>
              <SeasonClassOptions classes={classes.data ?? []} />
            </SelectField>
            <div className="flex flex-wrap gap-2 md:col-span-2">
              <button type="button" className={BUTTON.primary} disabled={!chosen || remind.isPending} onClick={sendReminders}>
                {remind.isPending ? 'Sending…' : 'Remind those who have not signed'}
              </button>
              {chosen ? (
                <a className={BUTTON.secondary} href={complianceCsvHref(chosen, classId)} download>
                  Export CSV
                </a>
              ) : null}
            </div>
          </div>
          {compliance.isPending ? (
            <Loading label="Loading signatures…" />
          ) : compliance.isError ? (
            <ErrorCard title="Failed to load the signatures." onRetry={() => void compliance.refetch()} />
          ) : compliance.data.rows.length === 0 ? (
            <Empty>No student this document applies to.</Empty>
          ) : (
            <ul aria-label={`Signatures of ${compliance.data.title}`} className={`${SCROLL_LIST} divide-y divide-gray-200 bg-white`}>
              {compliance.data.rows.map((row) => (
                <li key={row.studentId} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                  <span>
                    <span className="font-semibold">{row.studentName}</span> · {row.familyName}
                    {row.signedAt ? (
                      <span className="block text-gray-800">
                        Version {row.versionNumber}, signed by {row.signedBy} on {formatDateTime(row.signedAt)}
                      </span>
                    ) : null}
                  </span>
                  <span className="flex items-center gap-2">
                    <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>
                    {row.signatureId ? (
                      <button type="button" className={BUTTON.quiet} onClick={() => setEvidence(row.signatureId)}>
                        Evidence<span className="sr-only"> of {row.studentName}’s signature</span>
                      </button>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <EvidenceDialog signatureId={evidence} onClose={() => setEvidence(null)} />
    </section>
  )
}
