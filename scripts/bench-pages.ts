/**
 * Page figures for `npm run bench` (issue 4), against a running production server:
 * - Lighthouse scores of / and /classes: mobile emulation (Lighthouse's default: a mid-range
 *   phone on a throttled 4G link), in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium)
 * - the compressed JavaScript an anonymous visitor downloads on each page
 * - server time for / at 50 connections (autocannon), and for one request at a time
 *
 * `benchPages(baseUrl)` returns the lines for the report; run alone:
 * `node --import tsx scripts/bench-pages.ts http://localhost:3000`.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import autocannon from 'autocannon'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const PAGES = ['/', '/classes'] as const
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const CONNECTIONS = 50
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
/** Targets of issue 4. */
const TARGETS = { score: 95, jsBytesOnHome: 10 * 1024, homeP50Ms: 20 }

type PageAudit = { path: string; scores: Record<(typeof CATEGORIES)[number], number>; jsBytes: number; jsFiles: number }

type NetworkItem = { resourceType?: string; transferSize?: number; url?: string }

function chromePath(): string {
  const candidate = process.env.CHROME_PATH ?? '/usr/bin/chromium'
  if (!existsSync(candidate)) throw new Error(`Chromium not found at ${candidate}: set CHROME_PATH`)
  return candidate
}

async function auditPage(port: number, url: string, pagePath: string): Promise<PageAudit> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`)
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as PageAudit['scores']
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  )
  return {
    path: pagePath,
    scores,
    jsBytes: requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsFiles: requests.length,
  }
}

/** Lighthouse wants a fresh browser profile per page so caches do not flatter the second page. */
async function runLighthouse(baseUrl: string): Promise<PageAudit[]> {
  const audits: PageAudit[] = []
  for (const pagePath of PAGES) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromePath(),
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    })
    try {
      // A first load warms the server's in-memory caches (site texts, classes), as in normal use.
      await fetch(new URL(pagePath, baseUrl))
      audits.push(await auditPage(chrome.port, new URL(pagePath, baseUrl).href, pagePath))
    } finally {
      await chrome.kill()
    }
  }
  return audits
}

async function serverTime(url: string, connections: number): Promise<{ p50: number; p99: number; mean: number; rps: number; errors: number }> {
  const result = await autocannon({ url, connections, duration: DURATION, headers: { 'accept-encoding': 'br, gzip' } })
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const mark = (ok: boolean) => (ok ? 'meets target' : 'BELOW TARGET')

export async function benchPages(baseUrl: string): Promise<string[]> {
  const audits = await runLighthouse(baseUrl)
  const home = `${baseUrl.replace(/\/$/, '')}/`
  const loaded = await serverTime(home, CONNECTIONS)
  const single = await serverTime(home, 1)

  const lines: string[] = []
  lines.push('Pages: Lighthouse (mobile emulation, Chromium headless), anonymous visitor')
  lines.push('')
  lines.push('| page | performance | accessibility | best practices | SEO | JavaScript downloaded (compressed) |')
  lines.push('|---|---|---|---|---|---|')
  for (const audit of audits) {
    const s = audit.scores
    lines.push(
      `| ${audit.path} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${kb(audit.jsBytes)} in ${audit.jsFiles} file(s) |`,
    )
  }
  const lowest = Math.min(...audits.flatMap((audit) => Object.values(audit.scores)))
  const homeJs = audits.find((audit) => audit.path === '/')?.jsBytes ?? 0
  lines.push('')
  lines.push(`- Lowest score: ${lowest} (target ≥ ${TARGETS.score}): ${mark(lowest >= TARGETS.score)}`)
  lines.push(`- JavaScript on / for a visitor: ${kb(homeJs)} (target ≤ ${kb(TARGETS.jsBytesOnHome)}): ${mark(homeJs <= TARGETS.jsBytesOnHome)}`)
  lines.push(
    `- GET / at ${CONNECTIONS} connections: p50 ${loaded.p50} ms, p99 ${loaded.p99} ms, ${loaded.rps.toLocaleString('en-US')} req/s, ${loaded.errors} errors (target p50 < ${TARGETS.homeP50Ms} ms): ${mark(loaded.p50 < TARGETS.homeP50Ms)}`,
  )
  lines.push(`- GET / one request at a time: mean ${single.mean.toFixed(2)} ms, p99 ${single.p99} ms, ${single.rps.toLocaleString('en-US')} req/s`)
  return lines
}

const invokedDirectly = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url
if (invokedDirectly) {
  const baseUrl = process.argv[2] ?? 'http://localhost:3000'
  benchPages(baseUrl)
    .then((lines) => console.log(lines.join('\n')))
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
