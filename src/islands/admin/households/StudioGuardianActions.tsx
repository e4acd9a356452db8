import { useState } from 'react'

import type { GuardianDto } from '#api/households/schemas'
import { useStudioGuardianChange } from '#islands/api/households/admin-households'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'

const SMALL_BUTTON = 'inline-flex min-h-11 items-center rounded-full border px-3 py-1.5 text-sm font-semibold'

/**
 * The studio settles what guardians may not do to each other (decisions §39): any guardian's
 * access changed, any guardian removed. A card they saved for the household leaves with them.
 */
export function StudioGuardianActions({ accountId, guardian, onlyGuardian }: { accountId: number; guardian: GuardianDto; onlyGuardian: boolean }) {
  const change = useStudioGuardianChange(accountId)
  const notify = useNotify()
  const [confirming, setConfirming] = useState(false)
  const run = async (input: { guardianId: number; access: 'full' | 'view' } | { guardianId: number; remove: true }, done: string) => {
    try {
      await change.mutateAsync(input)
      setConfirming(false)
      notify({ title: 'Household Updated', text: done })
    } catch (error) {
      notify({ title: 'Error', text: errorMessage(error, 'The change could not be made. Please try again.'), tone: 'error' })
    }
  }
  const access = guardian.access === 'full' ? 'view' : 'full'
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={`${SMALL_BUTTON} border-brand-700 text-brand-800`}
        disabled={change.isPending}
        aria-label={`${access === 'view' ? 'Make view only' : 'Give full access'}: ${guardian.fullName}`}
        onClick={() =>
          void run({ guardianId: guardian.id, access }, `${guardian.fullName} now has ${access === 'view' ? 'view and attendance' : 'full access'}.`)
        }
      >
        {access === 'view' ? 'Make view only' : 'Give full access'}
      </button>
      {onlyGuardian ? null : confirming ? (
        <>
          <span className="text-sm text-gray-800">Remove {guardian.fullName}? A card they saved leaves with them, autopay off.</span>
          <button
            type="button"
            className={`${SMALL_BUTTON} border-red-700 text-red-800`}
            disabled={change.isPending}
            onClick={() => void run({ guardianId: guardian.id, remove: true }, `${guardian.fullName} no longer belongs to this household.`)}
          >
            Confirm removal
          </button>
          <button type="button" className={`${SMALL_BUTTON} border-gray-400`} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </>
      ) : (
        <button
          type="button"
          className={`${SMALL_BUTTON} border-red-700 text-red-800`}
          aria-label={`Remove ${guardian.fullName} from the household`}
          onClick={() => setConfirming(true)}
        >
          Remove
        </button>
      )}
    </div>
  )
}
