import { z } from 'zod'

import { pageParamSchema, pageSizeParamSchema, searchParamSchema, type PageDto } from '#api/lib/paging.schemas'
import type { UserDto } from './auth.schemas'

/** Bodies of the admin user calls (spec §7) and the refusals of decisions §2. */
export const userStatusSchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
})
export type UserStatusInput = z.infer<typeof userStatusSchema>

export const userAdminSchema = z.object({
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
})
export type UserAdminInput = z.infer<typeof userAdminSchema>

/** decisions §9: an administrator makes an account a teacher, or not. */
export const userTeacherSchema = z.object({
  isTeacher: z.boolean({ error: 'isTeacher must be true or false' }),
})

export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found.',
  selfDeactivate: 'You cannot deactivate your own account.',
  selfDemote: 'You cannot remove your own administrator privileges.',
  selfDelete: 'You cannot delete your own account.',
  lastAdmin: 'The academy must keep at least one administrator.',
  builtInAdmin: "The account named 'admin' is always an administrator; its privileges cannot be removed.",
} as const

// The email test calls moved to the email slice, which raises them; the admin screens still import them from here.
export { troubleshootEmailSchema, type EmailConfigCheck, type EmailOutboxDto, type TroubleshootEmailInput } from '#api/email/schemas'

/**
 * GET /api/users (admin), issue 23: every parameter is optional. Without any, the answer is
 * the spec's plain array of every account; with any, one page of the accounts that match,
 * newest first. `q` matches the name, username or email, or the name of one of the account's
 * students; `page` from 1, `pageSize` 1 to 100 (default 20).
 */
export const userListQuerySchema = z.object({
  q: searchParamSchema,
  page: pageParamSchema,
  pageSize: pageSizeParamSchema,
})
export type UserListQuery = z.infer<typeof userListQuerySchema>

export type UserPageDto = PageDto<UserDto> & {
  /** Active administrators in all (not only on this page): the Users tab disables what would leave none (decisions §2). */
  activeAdminCount: number
}
