import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'

import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'

import { BACKUP_FORMAT, BACKUP_VERSION, createBackupWriter, encodeLine, readBackup, splitLines, verifyBackup, type BackupHeader } from './backup-file.server'

const dir = mkdtempSync(path.join(os.tmpdir(), 'academy-backup-unit-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let files = 0
const header = (width: number): BackupHeader => ({
  format: BACKUP_FORMAT,
  version: BACKUP_VERSION,
  createdAt: '2026-12-01T00:00:00.000Z',
  postgres: '15.0',
  migrations: [],
  tables: [{ name: 'texts', columns: Array.from({ length: width }, (_, i) => ({ name: `c${i}`, type: 'text' })) }],
  sequences: [],
})

/** Writes `rows` as a one-table backup through the real writer and reads its rows back through the real reader. */
async function roundTrip(rows: (string | null)[][], width: number): Promise<unknown[]> {
  const file = path.join(dir, `${files++}.backup`)
  const writer = createBackupWriter(file)
  await writer.line(header(width))
  await writer.line({ table: 'texts' })
  for (const row of rows) await writer.line(row)
  await writer.line({ end: 'texts', rows: rows.length })
  await writer.finish()
  const read: unknown[] = []
  for await (const { value } of readBackup(file)) if (Array.isArray(value)) read.push(value)
  return read
}

// Every plane (the BMP, the supplementary ones, unassigned and private-use code points), the
// line and paragraph separators, every control character, the other line ends, and whatever
// UTF-16 code units JavaScript can hold: lone surrogates, and NUL, which PostgreSQL's text
// refuses but the encoding keeps all the same.
const awkward = fc.constantFrom(
  '\u2028',
  '\u2029',
  '\n',
  '\r',
  '\r\n',
  '\u0085',
  '\u000b',
  '\u000c',
  '\u0000',
  '\u001f',
  '\u007f',
  '\ud800',
  '\udfff',
  '\ufeff',
  '\ufffe',
  '\u{10ffff}',
  '"',
  '\\',
  '😀',
  '王芳',
  'Nguyễn',
)
const piece = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
  awkward,
)
const text = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''))

describe('the backup line encoding', () => {
  it('ends every line at one newline and nowhere else, whatever text a value holds', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(text, fc.constant(null))), (row) => {
        const line = encodeLine(row)
        expect(line.indexOf('\n')).toBe(line.length - 1)
        expect(line).not.toMatch(/[\u2028\u2029\r]/)
        expect(JSON.parse(line)).toEqual(row)
      }),
      { numRuns: 500 },
    )
  })

  it('reads back through the writer and the reader exactly the rows it was given, every plane and separator included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: 4 })
          .chain((width) =>
            fc.tuple(fc.constant(width), fc.array(fc.array(fc.oneof(text, fc.constant(null)), { minLength: width, maxLength: width }), { maxLength: 12 })),
          ),
        async ([width, rows]) => {
          expect(await roundTrip(rows, width)).toEqual(rows)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('keeps the longest fields whole: a megabyte of mixed text in one column', async () => {
    const long = Array.from({ length: 50_000 }, (_, i) => ['a', '\u2028', 'é', '王', '😀', '\u2029', '\n', 'Ł'][i % 8])
      .join('')
      .repeat(4)
    const rows = [[long, null, 'x'.repeat(200_000)]]
    expect(await roundTrip(rows, 3)).toEqual(rows)
  })

  it('splits a byte stream at newlines alone, across chunk edges, multi-byte characters cut in two included', async () => {
    const bytes = Buffer.from('王\u2028芳\n😀\r\u2029b\n\nlast', 'utf8')
    const chunks = async function* () {
      for (let i = 0; i < bytes.length; i += 3) yield bytes.subarray(i, i + 3)
    }
    const lines: string[] = []
    for await (const line of splitLines(chunks())) lines.push(line)
    expect(lines).toEqual(['王\u2028芳', '😀\r\u2029b', '', 'last'])
  })

  it('restores the backups that earlier versions wrote with raw line separators', async () => {
    const file = path.join(dir, 'raw-separators.backup')
    const written = await roundTrip([['Ana\u2028Lu\u2029z']], 1)
    expect(written).toEqual([['Ana\u2028Lu\u2029z']])
    // The same backup as the earlier writer wrote it: the separators raw, under the same checksum rule.
    const body = [header(1), { table: 'texts' }, ['Ana\u2028Lu\u2029z'], { end: 'texts', rows: 1 }].map((v) => `${JSON.stringify(v)}\n`).join('')
    const { createHash } = await import('node:crypto')
    writeFileSync(file, gzipSync(`${body}${JSON.stringify({ sha256: createHash('sha256').update(body).digest('hex') })}\n`))
    expect(gunzipSync(readFileSync(file)).toString('utf8')).toContain('\u2028')
    await expect(verifyBackup(file)).resolves.toMatchObject({ format: BACKUP_FORMAT })
  })

  it('reads its own file back before calling it written, and leaves no file when that fails', async () => {
    const file = path.join(dir, 'unreadable.backup')
    const writer = createBackupWriter(file)
    await writer.line(header(1))
    await writer.line({ table: 'texts' })
    await writer.line(['one'])
    await writer.line({ end: 'texts', rows: 2 })
    await expect(writer.finish()).rejects.toThrow(
      /^The backup failed: the file did not read back \(The backup is damaged \(table texts is incomplete\)\.\); no file was written\.$/,
    )
    expect(existsSync(file)).toBe(false)
    expect(readdirSync(dir).filter((name) => name.includes('unreadable'))).toEqual([])
  })

  it('refuses a backup whose table holds fewer rows than its end says', async () => {
    const file = path.join(dir, 'short.backup')
    const body = [header(1), { table: 'texts' }, ['one'], { end: 'texts', rows: 2 }].map((v) => `${JSON.stringify(v)}\n`).join('')
    const { createHash } = await import('node:crypto')
    writeFileSync(file, gzipSync(`${body}${JSON.stringify({ sha256: createHash('sha256').update(body).digest('hex') })}\n`))
    await expect(verifyBackup(file)).rejects.toThrow('The backup is damaged (table texts is incomplete).')
  })
})
