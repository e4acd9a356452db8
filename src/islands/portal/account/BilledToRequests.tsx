import type { BilledToAnswerInput, BilledToDto } from '#api/households/schemas'
import { useAnswerBilledTo } from '#islands/api/households/household'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'

type Request = BilledToAnswerInput & { label: string }

/** What the signed-in guardian was asked to be billed for (decisions §38): each child or class, with Accept and Decline. */
function requestsFor(data: BilledToDto, you: number): Request[] {
  return data.students.flatMap((student) => [
    ...(student.pendingFor === you ? [{ studentId: student.studentId, label: student.fullName }] : []),
    ...student.enrollments
      .filter((e) => e.pendingFor === you)
      .map((e) => ({ studentId: student.studentId, enrollmentId: e.enrollmentId, label: `${student.fullName}, ${e.className}` })),
  ])
}

/**
 * Split billing's requests to the signed-in guardian: another guardian asked to bill a child, or a
 * class of a child, to them. Nothing is billed to them until they accept; declining leaves it as it is.
 */
export function BilledToRequests({ data, you }: { data: BilledToDto; you: number }) {
  const notify = useNotify()
  const answer = useAnswerBilledTo()
  const requests = requestsFor(data, you)
  if (requests.length === 0) return null

  async function reply(request: Request, accept: boolean) {
    try {
      await answer.mutateAsync({ studentId: request.studentId, enrollmentId: request.enrollmentId ?? null, accept })
      notify({
        title: accept ? 'Billing Accepted' : 'Request Declined',
        text: accept ? `${request.label} is billed to you from the next invoice.` : `${request.label} stays billed as before.`,
      })
    } catch (caught) {
      notify({ title: 'Not Saved', text: errorMessage(caught, 'The answer could not be saved. Please try again.') })
    }
  }

  return (
    <div className="mt-3 rounded-2xl border border-amber-300 bg-amber-50 p-3" data-testid="billed-to-requests">
      <h4 className="font-semibold">Waiting for your answer</h4>
      <ul aria-label="Requests to bill you" className="mt-2 space-y-2">
        {requests.map((request) => (
          <li key={`${request.studentId}-${request.enrollmentId ?? ''}`} className="text-sm">
            <p>Another guardian asked to bill {request.label} to you. Nothing is billed to you until you accept.</p>
            <div className="mt-2 flex gap-2">
              <button
                type="button"
                className="min-h-11 rounded-full bg-brand-700 px-4 font-semibold text-white"
                disabled={answer.isPending}
                onClick={() => void reply(request, true)}
              >
                Accept {request.label}
              </button>
              <button
                type="button"
                className="min-h-11 rounded-full border border-gray-400 px-4 font-semibold"
                disabled={answer.isPending}
                onClick={() => void reply(request, false)}
              >
                Decline {request.label}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
