import { badInput } from '#api/errors'
import { PASSWORD_TOO_COMMON, passwordProblem } from './password.schemas'

/** How many of the most common passwords are refused (decisions §3). */
export const COMMON_PASSWORD_COUNT = 1000

let commonPasswords: Promise<Set<string>> | undefined

/**
 * The 1,000 most common passwords, from the ranked dictionary that zxcvbn-ts ships (the list
 * is ordered by frequency). Loaded on first use: it decompresses a 380 kB module.
 */
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT)))
  return commonPasswords
}

/** The list is lower-case, so 'Password1' counts as 'password1'. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase())
}

/** Every rule a new password must pass, or the first message that it breaks. */
export async function passwordPolicyProblem(password: string): Promise<string | null> {
  return passwordProblem(password) ?? ((await isCommonPassword(password)) ? PASSWORD_TOO_COMMON : null)
}

/** Refuses a new password with a 400 naming the field it came in. */
export async function assertPasswordAllowed(password: string, field = 'password'): Promise<void> {
  const problem = await passwordPolicyProblem(password)
  if (problem) throw badInput(problem, [{ path: field, message: problem }])
}
