import { execFileSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { keptTick } from './tick-shape.server'

const moduleUrl = new URL('./tick-shape.server.ts', import.meta.url).href

/**
 * A fresh Node process that ticks, collects fully while no tick is alive (as V8 does when a
 * server goes idle), ticks again, and prints V8's feedback for `process.nextTick`. Returns how
 * many of its tick-object property stores went megamorphic.
 */
function megamorphicStoresAfterIdleCollection(keepShape: boolean): number {
  const script = `
    ${keepShape ? `await import(${JSON.stringify(moduleUrl)})` : ''}
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5))
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 200; i++) process.nextTick(() => {})
      await pause()
      globalThis.gc()
      await pause()
    }
    for (let i = 0; i < 200; i++) process.nextTick(() => {})
    await pause();
    %DebugPrint(process.nextTick);
  `
  // V8 prints with C's stdio, which loses text on a non-blocking pipe: it writes to a file.
  const folder = mkdtempSync(path.join(tmpdir(), 'tick-shape-'))
  const file = path.join(folder, 'out.txt')
  let output: string
  try {
    const fd = openSync(file, 'w')
    try {
      execFileSync(process.execPath, ['--expose-gc', '--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        stdio: ['ignore', fd, 'pipe'],
      })
    } finally {
      closeSync(fd)
    }
    output = readFileSync(file, 'utf8')
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
  expect(output, 'V8 printed the feedback of nextTick').toContain('DefineKeyedOwnPropertyInLiteral')
  return output.split('\n').filter((line) => /DefineKeyedOwnPropertyInLiteral MEGAMORPHIC/.test(line)).length
}

describe('the kept tick shape (ADR 022)', () => {
  it('holds one of Node’s tick objects', async () => {
    await new Promise((resolve) => setImmediate(resolve))
    const tick = keptTick() as Record<string | symbol, unknown> | undefined
    expect(tick).toBeDefined()
    expect(tick).toHaveProperty('callback')
    expect(Object.getOwnPropertySymbols(tick).map(String)).toContain('Symbol(async_id_symbol)')
  })

  it('keeps nextTick’s stores monomorphic after a full collection finds no tick alive', () => {
    // Without it, this Node's tick objects lose their hidden class and nextTick's stores go
    // megamorphic; if a Node upgrade changes that, this control fails and ADR 022 needs a look.
    expect(megamorphicStoresAfterIdleCollection(false), 'without the kept tick').toBeGreaterThan(0)
    expect(megamorphicStoresAfterIdleCollection(true), 'with the kept tick').toBe(0)
  }, 30_000)
})
