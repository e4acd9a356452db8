/**
 * The dance style of a class, read from its name (decisions §18): the academy names its classes
 * by style ('Ballet Foundations I', 'Jazz & Tap Sampler'), so a makeup can offer the classes of
 * the style that was missed first. A name may name several styles, or none.
 */
import { sortByStartTime } from './schedule'

const STYLES: ReadonlyArray<readonly [style: string, pattern: RegExp]> = [
  ['Ballet', /\b(ballet|pointe|barre)\b/i],
  ['Jazz', /\bjazz\b/i],
  ['Tap', /\btap\b/i],
  ['Contemporary', /\bcontemporary\b/i],
  ['Lyrical', /\blyrical\b/i],
  ['Modern', /\bmodern\b/i],
  ['Hip Hop', /\bhip[\s-]?hop\b/i],
  ['Musical Theatre', /\bmusical theat(er|re)\b/i],
  ['Acro', /\bacro\b/i],
  ['Creative Movement', /\bcreative movement\b/i],
]

/** The styles a class name names, in the order of the list above. */
export function danceStylesOf(className: string): string[] {
  return STYLES.filter(([, pattern]) => pattern.test(className)).map(([style]) => style)
}

/** Whether two classes share a style; a class naming no style shares none. */
export function sharesStyle(a: string, b: string): boolean {
  const styles = new Set(danceStylesOf(a))
  return danceStylesOf(b).some((style) => styles.has(style))
}

/**
 * Makeup choices for a missed class: the classes of its style first, then the others, each
 * group by day and, within a day, by start time. Each choice says whether it shares the style.
 */
export function orderByStyle<T extends { className: string; date: string; time: string }>(
  missedClassName: string,
  options: readonly T[],
): Array<T & { sameStyle: boolean }> {
  const marked = options.map((option) => ({ ...option, sameStyle: sharesStyle(missedClassName, option.className) }))
  const inOrder = (group: typeof marked) => {
    const days = [...new Set(group.map((o) => o.date))].sort()
    return days.flatMap((day) =>
      sortByStartTime(
        group.filter((o) => o.date === day),
        (o) => o.time,
      ),
    )
  }
  return [...inOrder(marked.filter((o) => o.sameStyle)), ...inOrder(marked.filter((o) => !o.sameStyle))]
}
