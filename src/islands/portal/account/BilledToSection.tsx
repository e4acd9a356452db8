import type { HouseholdDto } from '#api/households/schemas'
import { useBilledTo, useSetBilledTo } from '#islands/api/household'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'

const SELECT = 'mt-1 block min-h-10 w-full rounded-xl border border-gray-400 bg-white px-3 py-2 text-base'

/**
 * Split billing (decisions §34), inside the Household section: when the academy has
 * switched it on, a "Billed to" choice per child among the household's full guardians. A
 * view-only guardian reads the choices.
 */
export function BilledToSection({ household }: { household: HouseholdDto }) {
  const notify = useNotify()
  const billedTo = useBilledTo()
  const setBilledTo = useSetBilledTo()
  const data = billedTo.data
  if (!data?.splitBilling || household.guardians.length < 2 || data.students.length === 0) return null
  const full = household.guardians.filter((guardian) => guardian.access === 'full')
  const payer = household.guardians.find((guardian) => guardian.id === household.payerId)
  const nameOf = (id: number | null) =>
    id === null ? `${payer?.fullName ?? 'The payer'} (pays the household)` : (full.find((g) => g.id === id)?.fullName ?? '')

  async function choose(studentId: number, value: string) {
    try {
      await setBilledTo.mutateAsync({ studentId, guardianId: value === '' ? null : Number(value) })
      notify({ title: 'Billing Updated', text: 'The next tuition invoice is billed this way.' })
    } catch (error) {
      notify({ title: 'Error', text: errorMessage(error, 'The change could not be saved. Please try again.'), tone: 'error' })
    }
  }

  return (
    <div className="mt-4">
      <h3 className="font-semibold">Billed to</h3>
      <p className="text-sm text-gray-800">Each child’s classes are billed to one guardian, on their own invoice and statement.</p>
      <ul aria-label="Billed to" className="mt-2 space-y-2">
        {data.students.map((student) => (
          <li key={student.studentId} className="rounded-2xl border border-gray-200 p-3">
            {household.canManage ? (
              <label className="block text-sm font-semibold">
                {student.fullName}
                <select
                  className={SELECT}
                  value={student.billedTo === null || student.billedTo === household.payerId ? '' : String(student.billedTo)}
                  disabled={setBilledTo.isPending}
                  onChange={(event) => void choose(student.studentId, event.target.value)}
                >
                  <option value="">{nameOf(null)}</option>
                  {full
                    .filter((guardian) => guardian.id !== household.payerId)
                    .map((guardian) => (
                      <option key={guardian.id} value={guardian.id}>
                        {guardian.fullName}
                      </option>
                    ))}
                </select>
              </label>
            ) : (
              <p className="text-sm">
                <span className="font-semibold">{student.fullName}</span>: {nameOf(student.billedTo === household.payerId ? null : student.billedTo)}
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
