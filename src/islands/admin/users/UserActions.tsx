import { useId, type ReactNode } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import { BUTTON } from '#islands/components/ui/styles'
import type { blockedActions } from './user-protection'

type ActionProps = {
  user: UserDto
  blocked: ReturnType<typeof blockedActions>
  busy: boolean
  onDeactivate: () => void
  onReactivate: () => void
  onToggleAdmin: () => void
  onToggleTeacher: () => void
  onDelete: () => void
  onStatement: () => void
  onHousehold: () => void
}

/** The three actions; a refused one stays visible, disabled, with the reason next to it. */
export function UserActions({
  user,
  blocked,
  busy,
  onDeactivate,
  onReactivate,
  onToggleAdmin,
  onToggleTeacher,
  onDelete,
  onStatement,
  onHousehold,
}: ActionProps) {
  const id = useId()
  const reasons = [...new Set([blocked.deactivate, blocked.demote, blocked.delete].filter(Boolean))] as string[]
  const reasonId = (reason: string | undefined) => (reason ? `${id}-reason-${reasons.indexOf(reason)}` : undefined)
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        {user.isActive ? (
          <ActionButton className={BUTTON.secondary} reason={blocked.deactivate} reasonId={reasonId(blocked.deactivate)} busy={busy} onClick={onDeactivate}>
            Deactivate<span className="sr-only"> {user.fullName}</span>
          </ActionButton>
        ) : (
          <ActionButton className={BUTTON.secondary} busy={busy} onClick={onReactivate}>
            Reactivate<span className="sr-only"> {user.fullName}</span>
          </ActionButton>
        )}
        {user.isAdmin ? (
          <ActionButton className={BUTTON.secondary} reason={blocked.demote} reasonId={reasonId(blocked.demote)} busy={busy} onClick={onToggleAdmin}>
            Remove Admin<span className="sr-only"> from {user.fullName}</span>
          </ActionButton>
        ) : (
          <ActionButton className={BUTTON.secondary} busy={busy} onClick={onToggleAdmin}>
            Make Admin<span className="sr-only">: {user.fullName}</span>
          </ActionButton>
        )}
        <ActionButton className={BUTTON.secondary} busy={busy} onClick={onToggleTeacher}>
          {user.isTeacher ? 'Remove Teacher' : 'Make Teacher'}
          <span className="sr-only">{user.isTeacher ? ` from ${user.fullName}` : `: ${user.fullName}`}</span>
        </ActionButton>
        <ActionButton className={BUTTON.secondary} busy={false} onClick={onStatement}>
          Statement<span className="sr-only"> of {user.fullName}</span>
        </ActionButton>
        <ActionButton className={BUTTON.secondary} busy={false} onClick={onHousehold}>
          Household<span className="sr-only"> of {user.fullName}</span>
        </ActionButton>
        <ActionButton className={BUTTON.dangerOutline} reason={blocked.delete} reasonId={reasonId(blocked.delete)} busy={busy} onClick={onDelete}>
          Delete<span className="sr-only"> {user.fullName}</span>
        </ActionButton>
      </div>
      {reasons.map((reason, index) => (
        <p key={reason} id={`${id}-reason-${index}`} className="mt-1.5 text-xs text-gray-700">
          {reason}
        </p>
      ))}
    </div>
  )
}

/**
 * A button refused by a rule stays focusable (aria-disabled), so keyboard and screen-reader
 * users reach it and hear why; it does nothing when pressed.
 */
function ActionButton({
  className,
  reason,
  reasonId,
  busy,
  onClick,
  children,
}: {
  className: string
  reason?: string
  reasonId?: string
  busy: boolean
  onClick: () => void
  children: ReactNode
}) {
  const blocked = Boolean(reason)
  return (
    <button
      type="button"
      className={className}
      aria-disabled={blocked || busy ? true : undefined}
      aria-describedby={blocked ? reasonId : undefined}
      title={reason}
      onClick={blocked || busy ? undefined : onClick}
    >
      {children}
    </button>
  )
}
