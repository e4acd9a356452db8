/**
 * The one Accept-Encoding negotiation of the process, for pages (astro-site/lib/page-cache.ts)
 * and built assets (./static.server.ts) alike (RFC 9110 §12.5.3): the offered encoding with
 * the highest q-value wins, ties go to the first offered (brotli before gzip), `q=0` refuses,
 * and `*` stands for any encoding not named.
 */
export type Encoding = 'br' | 'gzip'

export function pickEncoding(acceptEncoding: string | null | undefined, offered: readonly Encoding[] = ['br', 'gzip']): Encoding | null {
  const weights = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    if (!name.trim()) continue
    const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((value) => value !== undefined)
    weights.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  let best: Encoding | null = null
  let bestWeight = 0
  for (const encoding of offered) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0
    if (weight > bestWeight) {
      best = encoding
      bestWeight = weight
    }
  }
  return best
}
