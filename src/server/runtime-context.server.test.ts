import { execFileSync } from 'node:child_process'

import { describe, expect, it } from 'vitest'

/**
 * ADR 023: the runtime keeps an AsyncLocalStorage's value without async hooks. On Node 22 the
 * first store in use (Astro's, when a page renders) installs hooks that every later tick and
 * promise of the process pays for; this fails if the server is ever run on such a runtime again.
 */
describe('the runtime (ADR 023)', () => {
  it('runs AsyncLocalStorage without installing async hooks', () => {
    const script = `
      const { AsyncLocalStorage } = require('node:async_hooks')
      const { initHooksExist } = require('internal/async_hooks')
      const store = new AsyncLocalStorage()
      store.run('academy', () => Promise.resolve().then(() => process.stdout.write(JSON.stringify({ seen: store.getStore(), hooks: initHooksExist() }))))
    `
    const output = execFileSync(process.execPath, ['--expose-internals', '-e', script], { encoding: 'utf8' })
    expect(JSON.parse(output)).toEqual({ seen: 'academy', hooks: false })
  })
})
