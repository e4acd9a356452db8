import type { Page } from '@playwright/test'

/** The smallest touch target a phone user can hit reliably (WCAG 2.5.5; issue 41). */
export const MIN_TARGET_PX = 44

/**
 * The controls on screen smaller than MIN_TARGET_PX either way, as 'button "Copy" 52×38'. A link
 * in running text is left out (it is as tall as its line, as WCAG allows), and so is a checkbox
 * or radio inside a label: the label is what the finger hits, and it is measured instead.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const found: string[] = []
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], select, input:not([type=hidden]), textarea, summary, [role=tab], label:has(> input)',
    )
    for (const control of controls) {
      if (control.closest('[aria-hidden="true"], [inert]')) continue
      const style = getComputedStyle(control)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      if (control.matches('a') && style.display === 'inline') continue
      if (control.matches('input[type=checkbox], input[type=radio]') && control.closest('label')) continue
      const box = control.getBoundingClientRect()
      // Visually hidden until focused (the skip link): not a target on screen.
      if (box.width <= 1 && box.height <= 1) continue
      if (box.width >= min && box.height >= min) continue
      const name = (control.getAttribute('aria-label') ?? control.textContent ?? control.getAttribute('name') ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
      found.push(`${control.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`)
    }
    return found
  }, MIN_TARGET_PX)
}
