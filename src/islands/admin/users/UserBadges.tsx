import type { UserDto } from '#api/accounts/auth.schemas'
import { Badge } from '#islands/components/ui/Badge'

export function StatusBadge({ user }: { user: UserDto }) {
  return user.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="grey">Inactive</Badge>
}

export function RoleBadge({ user }: { user: UserDto }) {
  return (
    <>
      {user.isAdmin ? <Badge tone="brand">Admin</Badge> : user.isTeacher ? null : <Badge tone="grey">Family</Badge>}
      {user.isTeacher ? <Badge tone="green">Teacher</Badge> : null}
    </>
  )
}
