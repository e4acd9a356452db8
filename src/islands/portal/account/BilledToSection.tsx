import type { BilledToInput, HouseholdDto } from '#api/households/schemas'
import { useBilledTo, useSetBilledTo } from '#islands/api/household'
import { BilledToChoices } from '#islands/components/BilledToChoices'
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
    await setBilledTo.mutateAsync(input)
    notify({ title: 'Billing Updated', text: 'The next tuition invoice is billed this way.' })
  }

  return (
    <div className="mt-4">
      <h3 className="font-semibold">Billed to</h3>
      <p className="text-sm text-gray-800">
        Each child’s classes are billed to one guardian, on their own invoice and statement. A class can be billed to a different guardian than the child.
      </p>
      <BilledToChoices data={data} guardians={household.guardians} onChoose={household.canManage ? choose : null} pending={setBilledTo.isPending} />
    </div>
  )
}
