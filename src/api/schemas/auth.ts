import { z } from 'zod'

import { PASSWORD_MAX, PASSWORD_TOO_SHORT, PASSWORD_MIN } from './password'

/** Login (spec §5). The username field also accepts the account's email (decisions §3). */
export const loginSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .min(3, 'Username must be at least 3 characters')
    .max(254),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
    .max(PASSWORD_MAX),
})
export type LoginInput = z.infer<typeof loginSchema>

export const LOGIN_FAILED = 'Invalid username or password'

/** What the contract returns for an account: never a hash, salt, token or attempt counter. */
export type UserDto = {
  id: number
  username: string
  fullName: string
  email: string
  phone: string | null
  isActive: boolean
  isAdmin: boolean
  createdAt: string
}
