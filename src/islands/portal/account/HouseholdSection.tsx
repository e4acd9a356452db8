import { useState } from 'react'

import type { GuardianDto, HouseholdDto } from '#api/households/schemas'
import { useChangeGuardianAccess, useChoosePayer, useHousehold, useLeaveHousehold, useRemoveGuardian, useRevokeInvite } from '#islands/api/households/household'
import { Badge } from '#islands/components/ui/Badge'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { formatMoment } from '#shared/dates'
import { BilledToSection } from './BilledToSection'
import { InviteGuardianForm } from './InviteGuardianForm'

const SMALL_BUTTON = 'inline-flex min-h-11 items-center rounded-full border px-3 py-1.5 text-sm font-semibold'

type Confirming = { kind: 'remove'; guardian: GuardianDto } | { kind: 'leave' } | null

function GuardianRow({ guardian, household, onRemove }: { guardian: GuardianDto; household: HouseholdDto; onRemove: () => void }) {
  const notify = useNotify()
  const changeAccess = useChangeGuardianAccess()
  const choosePayer = useChoosePayer()
  // Decisions §39: another full guardian is not removed or made view-only from here; the studio settles it.
  const manage = household.canManage && !guardian.isYou && guardian.access === 'view'
  const protectedGuardian = household.canManage && !guardian.isYou && guardian.access === 'full'
  const fail = (error: unknown) => notify({ title: 'Error', text: errorMessage(error, 'The change could not be saved. Please try again.'), tone: 'error' })
  return (
    <li className="rounded-2xl border border-gray-200 p-3">
      <p className="font-semibold">
        {guardian.fullName}
        {guardian.isYou ? <span className="font-normal text-gray-700"> (you)</span> : null}
      </p>
      <p className="text-sm break-all text-gray-800">{guardian.email}</p>
      <p className="mt-1 flex flex-wrap gap-1.5">
        <Badge tone={guardian.access === 'full' ? 'green' : 'grey'}>{guardian.access === 'full' ? 'Full access' : 'View and attendance'}</Badge>
        {guardian.isPayer ? <Badge tone="brand">Pays the household’s invoices</Badge> : null}
      </p>
      {household.canManage ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {manage ? (
            <button
              type="button"
              className={`${SMALL_BUTTON} border-brand-700 text-brand-800`}
              disabled={changeAccess.isPending}
              onClick={() => changeAccess.mutateAsync({ id: guardian.id, access: 'full' }).catch(fail)}
            >
              Give full access
            </button>
          ) : null}
          {guardian.access === 'full' && !guardian.isPayer ? (
            <button
              type="button"
              className={`${SMALL_BUTTON} border-brand-700 text-brand-800`}
              disabled={choosePayer.isPending}
              onClick={() => choosePayer.mutateAsync(guardian.id).catch(fail)}
            >
              Make payer
            </button>
          ) : null}
          {manage ? (
            <button type="button" className={`${SMALL_BUTTON} border-red-700 text-red-800`} onClick={onRemove}>
              Remove
            </button>
          ) : null}
        </div>
      ) : null}
      {protectedGuardian ? (
        <p className="mt-2 text-sm text-gray-700">
          A guardian with full access can only be removed or made view-only by the studio. Each guardian may leave the household themselves.
        </p>
      ) : null}
    </li>
  )
}

/** /account: the household's guardians, its payer and its invitations (decisions §23). */
export function HouseholdSection() {
  const notify = useNotify()
  const household = useHousehold()
  const revoke = useRevokeInvite()
  const remove = useRemoveGuardian()
  const leave = useLeaveHousehold()
  const [confirming, setConfirming] = useState<Confirming>(null)
  const data = household.data

  async function confirm() {
    try {
      if (confirming?.kind === 'remove') {
        await remove.mutateAsync(confirming.guardian.id)
        notify({ title: 'Guardian Removed', text: `${confirming.guardian.fullName} no longer sees your household.` })
      } else {
        await leave.mutateAsync()
        window.location.assign('/dashboard')
      }
      setConfirming(null)
    } catch (error) {
      notify({ title: 'Error', text: errorMessage(error, 'The change could not be made. Please try again.'), tone: 'error' })
    }
  }

  return (
    <section aria-labelledby="household-title" className="rounded-3xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="household-title" className="font-serif text-xl">
        Household
      </h2>
      <p className="mt-1 text-sm text-gray-800">Each guardian signs in with their own account and sees the same children, schedule and statement.</p>
      {!data ? (
        <SkeletonRows count={1} label="Loading your household" />
      ) : (
        <>
          <ul aria-label="Guardians" className="mt-3 space-y-2">
            {data.guardians.map((guardian) => (
              <GuardianRow key={guardian.id} guardian={guardian} household={data} onRemove={() => setConfirming({ kind: 'remove', guardian })} />
            ))}
          </ul>
          <BilledToSection household={data} />
          {data.invites.length > 0 ? (
            <>
              <h3 className="mt-4 font-semibold">Invitations waiting</h3>
              <ul aria-label="Invitations waiting" className="mt-2 space-y-2">
                {data.invites.map((invite) => (
                  <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-dashed border-gray-300 p-3">
                    <span className="text-sm break-all">
                      {invite.email} · {invite.access === 'full' ? 'full access' : 'view and attendance'} · until {formatMoment(invite.expiresAt)}
                    </span>
                    {data.canManage ? (
                      <button type="button" className={`${SMALL_BUTTON} border-gray-400`} onClick={() => revoke.mutateAsync(invite.id).catch(() => undefined)}>
                        Revoke
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {data.canManage ? <InviteGuardianForm /> : null}
          {data.guardians.length > 1 ? (
            <button type="button" className={`${SMALL_BUTTON} mt-4 border-red-700 text-red-800`} onClick={() => setConfirming({ kind: 'leave' })}>
              Leave Household
            </button>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === 'remove' ? 'Remove Guardian' : 'Leave Household'}
        confirmLabel={confirming?.kind === 'remove' ? 'Remove' : 'Leave'}
        pending={remove.isPending || leave.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      >
        <p>
          {confirming?.kind === 'remove'
            ? `${confirming.guardian.fullName} will keep their sign-in but no longer see your children, schedule or statement.`
            : 'You will keep your sign-in but no longer see this household’s children, schedule or statement. A card you saved for the household goes with you, with autopay off.'}
        </p>
      </ConfirmDialog>
    </section>
  )
}
