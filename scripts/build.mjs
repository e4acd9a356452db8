// Production build: Astro (public site and portal) and the Next.js app hosting Payload's admin panel.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

import { sourceFingerprint, STAMP_FILE } from './build-stamp.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const env = { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', NEXT_TELEMETRY_DISABLED: '1' }
const bin = (name) => path.join(root, 'node_modules/.bin', name)

function run(label, command, args, cwd = root) {
  const started = Date.now()
  console.log(`[build] ${label}…`)
  execFileSync(command, args, { cwd, env, stdio: 'inherit' })
  console.log(`[build] ${label} done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

/** Pre-compress text assets so server.ts can send .br/.gz without compressing per request. */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) precompress(full)
    else if (/\.(js|mjs|css|svg|html|json|txt|webmanifest)$/.test(name)) {
      const data = readFileSync(full)
      if (data.length < 512) continue
      writeFileSync(full + '.br', zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }))
      writeFileSync(full + '.gz', zlib.gzipSync(data, { level: 9 }))
    }
  }
}

const fingerprint = sourceFingerprint(root)
run('astro build', bin('astro'), ['build'])
precompress(path.join(root, 'dist/client'))
run('next build (Payload admin panel)', bin('next'), ['build'], path.join(root, 'cms/admin-app'))
writeFileSync(path.join(root, STAMP_FILE), fingerprint + '\n')
