import { describe, expect, it } from 'vitest'

import { ADMIN_USER_MESSAGES } from '#api/accounts/admin-users.schemas'
import type { UserDto } from '#api/accounts/auth.schemas'
import { blockedActions } from './user-protection'

function account(id: number, fields: Partial<UserDto> = {}): UserDto {
  return {
    id,
    username: `user${id}`,
    fullName: `User ${id}`,
    email: `user${id}@example.com`,
    phone: null,
    isActive: true,
    isAdmin: false,
    isTeacher: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    householdId: id,
    guardianAccess: 'full',
    ...fields,
  }
}

describe('the Users tab protection rules', () => {
  const admin = account(1, { username: 'admin', isAdmin: true })
  const helper = account(2, { isAdmin: true })
  const family = account(3)

  it('an admin cannot deactivate, demote or delete their own account', () => {
    expect(blockedActions(helper, helper, 2)).toEqual({
      deactivate: ADMIN_USER_MESSAGES.selfDeactivate,
      demote: ADMIN_USER_MESSAGES.selfDemote,
      delete: ADMIN_USER_MESSAGES.selfDelete,
    })
  })

  it("the account named 'admin' always keeps its privileges", () => {
    expect(blockedActions(admin, helper, 2)).toEqual({ demote: ADMIN_USER_MESSAGES.builtInAdmin })
  })

  it('the last active administrator cannot be deactivated, demoted or deleted', () => {
    expect(blockedActions(helper, null, 1)).toEqual({
      deactivate: ADMIN_USER_MESSAGES.lastAdmin,
      demote: ADMIN_USER_MESSAGES.lastAdmin,
      delete: ADMIN_USER_MESSAGES.lastAdmin,
    })
  })

  it('a family account has every action available', () => {
    expect(blockedActions(family, helper, 2)).toEqual({})
  })
})
