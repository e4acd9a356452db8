import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** Everything a production build is made from; a change to any of it means rebuild. */
const INPUTS = ['astro-site', 'src', 'cms', 'public', 'payload.config.ts', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json']
const SKIP = new Set(['node_modules', '.next'])

export const STAMP_FILE = '.build-stamp'

export function sourceFingerprint(root) {
  const hash = createHash('sha256')
  const visit = (rel) => {
    const full = path.join(root, rel)
    if (!existsSync(full)) return
    const stat = statSync(full)
    if (stat.isDirectory()) {
      for (const name of readdirSync(full).sort()) if (!SKIP.has(name)) visit(path.join(rel, name))
    } else {
      hash.update(rel).update(readFileSync(full))
    }
  }
  for (const input of INPUTS) visit(input)
  return hash.digest('hex')
}

export function buildIsCurrent(root) {
  const stamp = path.join(root, STAMP_FILE)
  if (!existsSync(stamp) || !existsSync(path.join(root, 'dist/server/entry.mjs')) || !existsSync(path.join(root, 'cms/admin-app/.next/BUILD_ID'))) return false
  return readFileSync(stamp, 'utf8').trim() === sourceFingerprint(root)
}
