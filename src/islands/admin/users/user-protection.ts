import { ADMIN_USER_MESSAGES } from '#api/accounts/admin-users.schemas'
import type { UserDto } from '#api/accounts/auth.schemas'
import { isAdminUser, isBuiltInAdmin } from '#shared/roles'

export type BlockedActions = { deactivate?: string; demote?: string; delete?: string }

const isActiveAdmin = (user: UserDto) => isAdminUser(user) && user.isActive

/**
 * Decisions §2 as the Users tab shows them: why a button is disabled. The server enforces the
 * same rules (and says so if it refuses anyway); this only spares the admin a refused click.
 */
export function blockedActions(target: UserDto, viewer: Pick<UserDto, 'id'> | null, activeAdminCount: number): BlockedActions {
  const blocked: BlockedActions = {}
  if (viewer && target.id === viewer.id) {
    blocked.deactivate = ADMIN_USER_MESSAGES.selfDeactivate
    blocked.demote = ADMIN_USER_MESSAGES.selfDemote
    blocked.delete = ADMIN_USER_MESSAGES.selfDelete
    return blocked
  }
  if (isBuiltInAdmin(target)) blocked.demote = ADMIN_USER_MESSAGES.builtInAdmin
  // The count covers every account, not only the page on screen (GET /api/users's activeAdminCount).
  if (isActiveAdmin(target) && activeAdminCount <= 1) {
    blocked.deactivate = ADMIN_USER_MESSAGES.lastAdmin
    blocked.demote ??= ADMIN_USER_MESSAGES.lastAdmin
    blocked.delete = ADMIN_USER_MESSAGES.lastAdmin
  }
  return blocked
}
