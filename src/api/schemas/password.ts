/** Password rules of decisions §3, shared by every form and by the users collection. */
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 128
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters'
export const PASSWORD_TOO_LONG = 'Password must be at most 128 characters'

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return PASSWORD_TOO_SHORT
  if (password.length > PASSWORD_MAX) return PASSWORD_TOO_LONG
  return null
}
