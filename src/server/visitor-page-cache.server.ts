/**
 * A visitor's public page, answered by the router before Astro is reached (issue 22: `GET /`).
 *
 * Astro's middleware keeps the rendered HTML of pages that read the same for every visitor, with
 * its compressed forms (astro-site/lib/page-cache.ts), and answers the next visitor from it. Each
 * such answer still crossed Astro's Node adapter (a Fetch Request built, the middleware run, the
 * Response written back). When the middleware keeps a page it also hands the finished answers,
 * one per encoding, to this registry, tagged with the generations of the memo caches the page was
 * rendered from; the router replays them to visitors (GET, no session cookie) while those
 * generations are unchanged, so an edit shows on the very next load, as before.
 *
 * On globalThis: the router (tsx) and Astro's server build load this source separately.
 */
import { pickEncoding, type Encoding } from './content-encoding.server'
import { cacheGeneration } from './memo-cache.server'
import type { KeptAnswer } from './public-read-cache.server'

export type VisitorPageAnswers = Record<Encoding | 'identity', KeptAnswer>

type Entry = { caches: readonly string[]; generation: number; answers: VisitorPageAnswers }
type Registry = Map<string, Entry>
const KEY = Symbol.for('academy.visitor-pages')
const registry = ((globalThis as unknown as Record<symbol, Registry | undefined>)[KEY] ??= new Map())

/** Pages kept at most (query strings are the visitor's to choose); the oldest leave first. */
const MAX_PAGES = 64

/** The sum of these memo caches' generations: it changes whenever any one of them is dropped. */
export function generationOf(caches: readonly string[]): number {
  let sum = 0
  for (const name of caches) sum += cacheGeneration(name)
  return sum
}

/**
 * Keeps a page's answers for `key` (path and query) when the caches it was rendered from are
 * still at `generation`, the sum taken before their data was read.
 */
export function keepVisitorPage(key: string, caches: readonly string[], generation: number, answers: VisitorPageAnswers): void {
  if (generationOf(caches) !== generation) return
  registry.delete(key)
  registry.set(key, { caches, generation, answers })
  if (registry.size > MAX_PAGES) registry.delete(registry.keys().next().value!)
}

/** The kept answer for a visitor's GET of `key` in the encoding it accepts, or null (render it). */
export function visitorPage(key: string, acceptEncoding: string | string[] | undefined): KeptAnswer | null {
  const entry = registry.get(key)
  if (!entry) return null
  if (generationOf(entry.caches) !== entry.generation) {
    registry.delete(key)
    return null
  }
  const encoding = pickEncoding(Array.isArray(acceptEncoding) ? acceptEncoding.join(', ') : acceptEncoding)
  return entry.answers[encoding ?? 'identity']
}

/**
 * A kept page with the router's page headers first, merged as Node merges headers set before
 * the renderer's own (a name set twice keeps its first place and takes the later value).
 */
export function pageHeadersOn(pageHeaders: Record<string, string>): (page: KeptAnswer) => KeptAnswer {
  const merged = new WeakMap<KeptAnswer, KeptAnswer>()
  return (page) => {
    let answer = merged.get(page)
    if (!answer) {
      const headers = new Map<string, [string, string]>()
      for (const [name, value] of Object.entries(pageHeaders)) headers.set(name.toLowerCase(), [name, value])
      for (let i = 0; i < page.head.length; i += 2) headers.set(page.head[i]!.toLowerCase(), [page.head[i]!, page.head[i + 1]!])
      answer = { status: page.status, head: [...headers.values()].flat(), body: page.body }
      merged.set(page, answer)
    }
    return answer
  }
}
