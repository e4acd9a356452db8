/**
 * The inbox's unread count beside Inbox in the bottom bar (issue 25). The bar asks for it once per
 * page (astro-site/components/BottomNav.astro, an inline script listening for this event); the
 * inbox tells it the new count as soon as a message is opened, so the number clears then and not
 * on the next page (issue 41).
 */
export const UNREAD_COUNT_EVENT = 'academy:unread-count'

/** Tells the bar the count changed (the inbox after a message was read). */
export function announceUnread(unread: number): void {
  window.dispatchEvent(new CustomEvent<number>(UNREAD_COUNT_EVENT, { detail: unread }))
}
