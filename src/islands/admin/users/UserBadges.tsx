import type { UserDto } from '#api/accounts/auth.schemas'
import { Badge } from '#islands/components/ui/Badge'

export function StatusBadge({ user }: { user: UserDto }) {
  return (
    <>
      {user.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="grey">Inactive</Badge>}
      {user.emailBounce ? <BounceBadge bounce={user.emailBounce} /> : null}
    </>
  )
}

/** The mail server refused the address for good (issue 25): the studio corrects it; the answer is in the title. */
function BounceBadge({ bounce }: { bounce: NonNullable<UserDto['emailBounce']> }) {
  return (
    <span title={`${bounce.at}: ${bounce.answer}`}>
      <Badge tone="red">Email bounced</Badge>
    </span>
  )
}

export function RoleBadge({ user }: { user: UserDto }) {
  return (
    <>
      {user.isAdmin ? <Badge tone="brand">Admin</Badge> : user.isTeacher ? null : <Badge tone="grey">Family</Badge>}
      {user.isTeacher ? <Badge tone="green">Teacher</Badge> : null}
    </>
  )
}
