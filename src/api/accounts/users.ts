import { isAdminUser, isTeacherUser } from '#shared/roles'
import type { User } from '#cms/payload-types'
import type { UserDto } from './auth.schemas'
import { householdOf } from '#api/lib/ownership'

/** The only shape in which an account leaves the server. */
export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    username: user.username ?? '',
    fullName: user.fullName,
    email: user.email,
    phone: user.phone ?? null,
    isActive: user.isActive !== false,
    // `isAdmin` reports the effective role (decisions §2), so clients need one check only.
    isAdmin: isAdminUser(user),
    // A teacher takes attendance at /teach (decisions §9); an administrator may too, without the flag.
    isTeacher: isTeacherUser(user),
    createdAt: user.createdAt,
    householdId: householdOf(user),
    guardianAccess: user.guardianAccess === 'view' ? 'view' : 'full',
    ...(user.emailBouncedAt ? { emailBounce: { at: user.emailBouncedAt, answer: user.emailBounceAnswer ?? '' } } : {}),
  }
}
