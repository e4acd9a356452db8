import type { BilledToInput, HouseholdDto } from '#api/households/schemas'
import { useBilledTo, useSetBilledTo } from '#islands/api/households/household'
import { BilledToChoices } from '#islands/components/BilledToChoices'
import { BilledToRequests } from './BilledToRequests'
import { useNotify } from '#islands/components/ui/Toast'

/**
 * Split billing (decisions §34), inside the Household section: when the academy has
 * switched it on and the household has two or more full guardians, a "Billed to" choice per
 * child, and under it per current class ("same as the child" or a guardian). A view-only
 * guardian reads the choices.
 */
export function BilledToSection({ household }: { household: HouseholdDto }) {
  const notify = useNotify()
  const billedTo = useBilledTo()
  const setBilledTo = useSetBilledTo()
  const data = billedTo.data
  const fullGuardians = household.guardians.filter((guardian) => guardian.access === 'full')
  if (!data?.splitBilling || fullGuardians.length < 2 || data.students.length === 0) return null

  async function choose(input: BilledToInput) {
    const result = await setBilledTo.mutateAsync(input)
    const student = result.students.find((s) => s.studentId === input.studentId)
    const row = input.enrollmentId == null ? student : student?.enrollments.find((e) => e.enrollmentId === input.enrollmentId)
    const asked = input.guardianId !== null && row?.pendingFor === input.guardianId
    notify(
      asked
        ? { title: 'Request Sent', text: 'Nothing changes until that guardian accepts on their account page.' }
        : { title: 'Billing Updated', text: 'The next tuition invoice is billed this way.' },
    )
  }
  const you = household.guardians.find((guardian) => guardian.isYou)

  return (
    <div className="mt-4">
      <h3 className="font-semibold">Billed to</h3>
      <p className="text-sm text-gray-800">
        Each child’s classes are billed to one guardian, on their own invoice and statement. A class can be billed to a different guardian than the child.
        Another guardian is billed only once they accept.
      </p>
      {you && household.canManage ? <BilledToRequests data={data} you={you.id} /> : null}
      <BilledToChoices data={data} guardians={household.guardians} onChoose={household.canManage ? choose : null} pending={setBilledTo.isPending} />
    </div>
  )
}
