import { useCurrentUser } from '#islands/api/accounts/current-user'
import { isViewOnlyGuardian, VIEW_ONLY_MESSAGE } from '#shared/roles'

/**
 * Whether the signed-in guardian may change the family (enroll, drop, book, pay, edit children):
 * false for a view-and-attendance guardian (decisions §23) and until the account is known. The
 * server refuses such a change with 403 whatever the page shows; the page only stops offering it.
 */
export function useCanChangeFamily(): boolean {
  const user = useCurrentUser().data
  return user ? !isViewOnlyGuardian(user) : false
}

/** What a view-and-attendance guardian reads where a change would be offered. */
export const VIEW_ONLY_NOTICE = VIEW_ONLY_MESSAGE
