import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { prepareDataParent } from './database.server'

const scratch = mkdtempSync(path.join(tmpdir(), 'academy-db-parent-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const mode = (dir: string) => statSync(dir).mode & 0o777

describe('prepareDataParent (the embedded database folder)', () => {
  it('creates the folder for its owner only', () => {
    const dir = path.join(scratch, 'new', 'data')
    prepareDataParent(dir, false)
    expect(mode(dir)).toBe(0o700)
  })

  it('takes away the access of others from a folder that had it', () => {
    const dir = path.join(scratch, 'open')
    mkdirSync(dir)
    // The umask would hide the write bit from mkdir's mode.
    chmodSync(dir, 0o777)
    prepareDataParent(dir, false)
    expect(mode(dir)).toBe(0o700)
  })

  it('is never world-writable when PostgreSQL runs as the postgres user', () => {
    const dir = path.join(scratch, 'as-postgres')
    try {
      prepareDataParent(dir, true)
    } catch {
      // chown needs root; the mode is set before it
    }
    expect(mode(dir) & 0o002).toBe(0)
  })
})

describe('prepareDataParent and the folders above it', () => {
  it('keeps the parents it creates passable, so the postgres user can reach the database', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'academy-db-parents-'))
    const dir = path.join(root, 'fresh', '.data')
    prepareDataParent(dir, false)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    expect(statSync(path.dirname(dir)).mode & 0o001).toBe(0o001)
    rmSync(root, { recursive: true, force: true })
  })
})
