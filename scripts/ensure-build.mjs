// `npm start` builds first when the production build is missing or older than the sources.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { buildIsCurrent } from './build-stamp.mjs'

const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 24 || (major === 24 && minor < 11)) {
  console.error(`This app needs Node.js 24.11 or newer (found ${process.versions.node}). See .nvmrc.`)
  process.exit(1)
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
if (!buildIsCurrent(root)) {
  console.log('[start] building the production bundle first (about a minute)…')
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' })
}
