/**
 * Spec §2: the view scrolls smoothly to the top when the screen changes: a page, a form giving
 * way to its result panel, a tab of the admin console or of billing, a filter of a list.
 * Instantly for people who asked for reduced motion.
 */
export function scrollToTop(): void {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' })
}

/** Moves keyboard and screen-reader focus to a heading that just appeared. */
export function focusHeading(element: HTMLElement | null): void {
  if (!element) return
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
  element.focus({ preventScroll: true })
}
