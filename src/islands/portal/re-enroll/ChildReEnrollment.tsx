import { useId, useState } from 'react'

import type { SeasonDto } from '#api/seasons/schemas'
import { EnrollmentBatchError, useCreateEnrollments } from '#islands/api/enrollment/create-enrollment'
import { useRequiredPolicies } from '#islands/api/policies/get-required-policies'
import { useStudentPlacement } from '#islands/api/levels/get-student-placement'
import { ErrorAlert, SuccessAlert } from '#islands/components/ui/Alert'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { useNotify } from '#islands/components/ui/Toast'
import { Avatar, LevelBadge } from '#islands/portal/components/StudentAvatar'
import { PORTAL_TEXT } from '#islands/portal/texts'
import { ConfirmReEnroll } from './ConfirmReEnroll'
import { firstChoice, type ReEnrollChild } from './phase'
import { SuggestedClassFacts } from './SuggestedClass'

/**
 * One returning child (issue 27): the placement and the published recommendation (with the report
 * cards), the next season's suggested classes, and one "Re-enroll" through POST /api/enrollments,
 * with the quote before confirming and the documents to sign first, as Select Classes has them.
 */
export function ChildReEnrollment({ child, season, canChange }: { child: ReEnrollChild; season: SeasonDto; canChange: boolean }) {
  const id = useId()
  const placement = useStudentPlacement(child.studentId)
  const recommended = (placement.data?.recommendedLevels ?? []).map((level) => level.name)
  const enrolledIn = child.suggested.filter((cls) => cls.enrolled)
  const actionable = canChange && child.mayEnroll && enrolledIn.length === 0 && child.suggested.length > 0
  const [chosen, setChosen] = useState<number | null>(null)
  const choiceId = chosen ?? firstChoice(child, recommended)
  const choice = actionable ? (child.suggested.find((cls) => cls.id === choiceId) ?? null) : null
  const policies = useRequiredPolicies(choice ? child.studentId : null, choice ? [choice.id] : [])
  const blocking = (policies.data?.documents ?? []).filter((doc) => doc.blocking)
  const enroll = useCreateEnrollments()
  const notify = useNotify()
  const [confirming, setConfirming] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function confirm() {
    if (!choice) return
    setFailure(null)
    try {
      await enroll.mutateAsync({ studentId: child.studentId, classIds: [choice.id] })
      notify({ title: 'Re-enrolled', text: `${child.fullName} is enrolled in ${choice.name} for ${season.name}.` })
    } catch (error) {
      setFailure(error instanceof EnrollmentBatchError ? error.message : PORTAL_TEXT.addClassesError)
      void policies.refetch()
    } finally {
      setConfirming(false)
    }
  }

  return (
    <li className={`${CARD} space-y-3`} aria-labelledby={`${id}-name`} data-testid="re-enroll-child">
      <div className="flex items-center gap-3">
        <Avatar name={child.fullName} />
        <div className="min-w-0">
          <h2 id={`${id}-name`} className="text-lg font-semibold">
            {child.fullName}
          </h2>
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
            <span>Current level:</span>
            {child.currentLevel ? <LevelBadge level={child.currentLevel} /> : <span>not placed yet</span>}
          </p>
        </div>
      </div>
      {recommended.length > 0 ? (
        <p className="rounded-xl bg-brand-50 p-3 text-sm">
          <span className="font-semibold">Recommended for {recommended.join(', ')}</span> in the published report card.{' '}
          <a href={`/report-cards/${child.studentId}`} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            Read {child.fullName}'s report cards
          </a>
        </p>
      ) : null}

      {enrolledIn.length > 0 ? (
        <SuccessAlert title={`${child.fullName} is re-enrolled for ${season.name}`}>
          <p>{enrolledIn.map((cls) => `${cls.name} (${cls.days}, ${cls.time})`).join('; ')}</p>
        </SuccessAlert>
      ) : null}

      {child.suggested.length === 0 ? (
        <p className="text-gray-800">
          No class of {season.name} is suggested for {child.fullName} yet: please contact the studio.
        </p>
      ) : actionable ? (
        <fieldset>
          <legend className="mb-2 font-semibold">Suggested classes for {season.name}</legend>
          <ul className="space-y-2">
            {child.suggested.map((cls) => (
              <li key={cls.id} className={`flex gap-3 rounded-2xl border-2 p-3 ${choice?.id === cls.id ? 'border-brand-700 bg-brand-50' : 'border-gray-200'}`}>
                <input
                  type="radio"
                  id={`${id}-class-${cls.id}`}
                  name={`${id}-class`}
                  checked={choice?.id === cls.id}
                  onChange={() => setChosen(cls.id)}
                  aria-describedby={`${id}-facts-${cls.id}`}
                  className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                />
                <SuggestedClassFacts
                  cls={cls}
                  recommended={cls.level !== null && recommended.includes(cls.level)}
                  id={`${id}-facts-${cls.id}`}
                  title={<label htmlFor={`${id}-class-${cls.id}`}>{cls.name}</label>}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      ) : (
        <div>
          <h3 className="mb-2 font-semibold">Suggested classes for {season.name}</h3>
          <ul className="space-y-2">
            {child.suggested.map((cls) => (
              <li key={cls.id} className="rounded-2xl border border-gray-200 p-3">
                <SuggestedClassFacts cls={cls} recommended={cls.level !== null && recommended.includes(cls.level)} title={cls.name} />
              </li>
            ))}
          </ul>
        </div>
      )}

      {choice && blocking.length > 0 ? (
        <div role="note" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">
            Before {child.fullName} can join {choice.name}, please sign: {blocking.map((doc) => doc.title).join(', ')}
          </p>
          <a
            href={`/policies?studentId=${child.studentId}&classIds=${choice.id}&next=${encodeURIComponent('/re-enroll')}`}
            className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
          >
            Read and sign the documents
          </a>
        </div>
      ) : null}
      {failure ? <ErrorAlert title={`${child.fullName} was not re-enrolled`}>{failure}</ErrorAlert> : null}
      {choice ? (
        <button type="button" className={BUTTON.primary} onClick={() => setConfirming(true)}>
          Re-enroll {child.fullName}
        </button>
      ) : null}
      <ConfirmReEnroll
        open={confirming}
        studentId={child.studentId}
        fullName={child.fullName}
        season={season}
        cls={choice}
        pending={enroll.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </li>
  )
}
