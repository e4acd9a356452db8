import { useState } from 'react'

import { useGiveEsignConsent } from '#islands/api/policies/give-esign-consent'
import { useRequiredPolicies } from '#islands/api/policies/get-required-policies'
import { ErrorAlert, ErrorCard, SuccessAlert } from '#islands/components/ui/Alert'
import { TextField } from '#islands/components/ui/Field'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'
import { PolicyCard } from './PolicyCard'
import { SignedPolicies } from './SignedPolicies'

/**
 * /policies?studentId= (issue 26): what a student's family still has to sign, one card each,
 * after the guardian's one consent to sign electronically; then back to where they came from
 * (`next`: the class selection they were enrolling in). Below, what is signed already (issue 41).
 */
export function SignPolicies({ studentId, classIds, next }: { studentId: number; classIds: number[]; next: string }) {
  const policies = useRequiredPolicies(studentId, classIds)
  const consent = useGiveEsignConsent()
  const [consentName, setConsentName] = useState('')

  if (policies.isPending) return <SkeletonRows count={2} label="Loading documents…" className="h-40" />
  if (policies.isError) return <ErrorCard title={errorMessage(policies.error, 'Could not load the documents.')} onRetry={() => void policies.refetch()} />
  const { studentName, consentGiven, consentText, documents } = policies.data
  const toSign = documents.filter((doc) => doc.status !== 'signed')
  const stillBlocking = documents.some((doc) => doc.blocking)

  return (
    <div className="space-y-4">
      <h1 className="font-serif text-2xl">Documents for {studentName}</h1>
      {toSign.length === 0 || !stillBlocking ? (
        <SuccessAlert title={toSign.length === 0 ? 'Everything is signed' : 'The required documents are signed'}>
          <a href={next} className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            Continue
          </a>
        </SuccessAlert>
      ) : null}
      {toSign.length > 0 && !consentGiven ? (
        <section aria-labelledby="consent-title" className={`${CARD} space-y-3`}>
          <h2 id="consent-title" className="font-serif text-xl">
            Signing electronically
          </h2>
          <p className="text-sm">{consentText}</p>
          <TextField id="consent-name" label="Your full name" autoComplete="name" value={consentName} onChange={(e) => setConsentName(e.target.value)} />
          {consent.isError ? <ErrorAlert title="Could not record your consent">{errorMessage(consent.error, 'Please try again.')}</ErrorAlert> : null}
          <button
            type="button"
            className={`${BUTTON.primary} w-full`}
            disabled={!consentName.trim() || consent.isPending}
            onClick={() => consent.mutate(consentName)}
          >
            I agree to sign electronically
          </button>
        </section>
      ) : (
        toSign.map((policy) => <PolicyCard key={policy.documentId} policy={policy} studentId={studentId} studentName={studentName} classIds={classIds} />)
      )}
      <SignedPolicies documents={documents} studentId={studentId} studentName={studentName} />
    </div>
  )
}
