import { createHash } from 'node:crypto'
import {
  chmodSync,
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fchmodSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import path from 'node:path'
import { once } from 'node:events'
import { createGunzip, createGzip } from 'node:zlib'

/**
 * The backup file (docs/operations.md "Backups"): gzip of JSON lines. The first line is the
 * header (format, version, the applied migrations, every table's columns, the sequences); then
 * each table as `{"table": name}`, one JSON array of column texts (or null) per row, and
 * `{"end": name, "rows": n}`; the last line is `{"sha256": …}` of every line before it.
 * A line ends at `\n` alone: U+2028 and U+2029, which JSON leaves raw and some line readers take
 * for line ends, are written escaped, and the reader splits on nothing else (`encodeLine`,
 * `splitLines`). A backup is read back whole before it is called written.
 * It holds every personal record, password hashes and the stored Stripe key: the file is its
 * owner's alone (0600) whatever the umask, and written under a temporary name first, so a
 * backup that failed half-way never looks like a finished one.
 */
export const BACKUP_FORMAT = 'academy-backup'
export const BACKUP_VERSION = 1

export class BackupError extends Error {}

export type BackupColumn = { name: string; type: string }
export type BackupSequence = { name: string; lastValue: string; isCalled: boolean }
export type BackupHeader = {
  format: typeof BACKUP_FORMAT
  version: number
  createdAt: string
  postgres: string
  migrations: string[]
  tables: { name: string; columns: BackupColumn[] }[]
  sequences: BackupSequence[]
}
export type BackupRow = (string | null)[]

/** A folder only its owner can enter: created 0700, or tightened to it when it exists looser. */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  if ((statSync(dir).mode & 0o077) === 0) return
  try {
    chmodSync(dir, 0o700)
  } catch (error) {
    throw new BackupError(`The backup folder ${dir} can be read by others and cannot be made private (${(error as Error).message}): choose another folder.`)
  }
}

export type BackupWriter = { line(value: unknown): Promise<void>; finish(): Promise<number>; abort(): void }

/**
 * One value as one line of text: JSON with U+2028 and U+2029 escaped (JSON allows `\u2028`;
 * `JSON.stringify` already escapes lone surrogates and every control character, `\n` too), so
 * the only line end in a backup is the `\n` that closes each line.
 */
export function encodeLine(value: unknown): string {
  return `${JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)}\n`
}

/** Cuts a byte stream into lines at `\n` alone (a UTF-8 `\n` is never part of another character), each decoded strictly. */
export async function* splitLines(input: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const decode = (bytes: Buffer) => {
    try {
      return decoder.decode(bytes)
    } catch {
      throw new BackupError('The backup is damaged (a line is not UTF-8).')
    }
  }
  let rest: Buffer = Buffer.alloc(0)
  for await (const chunk of input) {
    let buffer = rest.length ? Buffer.concat([rest, chunk]) : chunk
    let end: number
    while ((end = buffer.indexOf(0x0a)) !== -1) {
      yield decode(buffer.subarray(0, end))
      buffer = buffer.subarray(end + 1)
    }
    rest = Buffer.from(buffer)
  }
  if (rest.length) yield decode(rest)
}

/** Opens `file` for a new backup (0600, through a temporary name); `finish` adds the checksum, reads the file back whole and returns the size. */
export function createBackupWriter(file: string): BackupWriter {
  const target = path.resolve(file)
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.partial`)
  const fd = openSync(temporary, 'wx', 0o600)
  fchmodSync(fd, 0o600)
  const gzip = createGzip()
  const out = createWriteStream('', { fd })
  gzip.pipe(out)
  const hash = createHash('sha256')
  let lines = 0
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain')
  }
  return {
    async line(value) {
      const text = encodeLine(value)
      hash.update(text)
      lines++
      await write(text)
    },
    async finish() {
      const checksum = hash.digest('hex')
      await write(encodeLine({ sha256: checksum }))
      gzip.end()
      await once(out, 'close')
      // Read back as a restore reads it: every line parsed, every table's rows counted, the same lines and checksum.
      let written: { lines: number; checksum: string }
      try {
        written = await verifyBackupFile(temporary)
      } catch (error) {
        rmSync(temporary, { force: true })
        throw new BackupError(`The backup failed: the file did not read back (${(error as Error).message}); no file was written.`)
      }
      if (written.lines !== lines || written.checksum !== checksum) {
        rmSync(temporary, { force: true })
        throw new BackupError(`The backup failed: the file read back as ${written.lines} lines, not the ${lines} written; no file was written.`)
      }
      renameSync(temporary, target)
      return statSync(target).size
    },
    abort() {
      gzip.destroy()
      out.destroy()
      try {
        closeSync(fd)
      } catch {
        // already closed by the stream
      }
      rmSync(temporary, { force: true })
    },
  }
}

function parse(text: string, lineNumber: number): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new BackupError(`The backup is damaged (line ${lineNumber} is not readable).`)
  }
}

/** Reads a backup line by line, the header first: each line's text and its value. */
export async function* readBackup(file: string): AsyncGenerator<{ text: string; value: unknown }> {
  const source = path.resolve(file)
  if (!existsSync(source)) throw new BackupError(`No backup file at ${source}.`)
  const head = Buffer.alloc(5)
  const fd = openSync(source, 'r')
  try {
    readSync(fd, head, 0, 5, 0)
  } finally {
    closeSync(fd)
  }
  if (head.toString('latin1') === 'PGDMP') {
    throw new BackupError(
      'This is a pg_dump file (the backups of earlier versions): restore it with pg_restore of the same PostgreSQL version (docs/operations.md).',
    )
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw new BackupError('This is not a backup of the academy (npm run db:backup writes them).')
  const gunzip = createGunzip()
  const input = createReadStream(source)
  input.once('error', (error) => gunzip.destroy(error))
  const iterator = splitLines(input.pipe(gunzip))
  let lineNumber = 0
  for (;;) {
    let next: IteratorResult<string>
    try {
      next = await iterator.next()
    } catch (error) {
      // A cut or corrupted file fails in gunzip.
      if (error instanceof BackupError) throw error
      throw new BackupError(`The backup is damaged (${(error as Error).message}).`)
    }
    if (next.done) return
    lineNumber++
    yield { text: next.value, value: parse(next.value, lineNumber) }
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Reads a whole backup: its format version, its checksum, its structure (every table of the
 * header in order, each row an array of the table's width, each table's row count at its end).
 * Returns the header, the number of lines before the checksum, and the checksum.
 */
async function verifyBackupFile(file: string): Promise<{ header: BackupHeader; lines: number; checksum: string }> {
  const hash = createHash('sha256')
  let header: BackupHeader | null = null
  let checksum: string | null = null
  let lines = 0
  let table: { name: string; width: number; rows: number } | null = null
  let tableIndex = 0
  const damaged = (why: string) => new BackupError(`The backup is damaged (${why}).`)
  for await (const { text, value } of readBackup(file)) {
    if (checksum !== null) throw damaged('lines after its checksum')
    if (header === null) {
      header = value as BackupHeader
      if (header?.format !== BACKUP_FORMAT) throw new BackupError('This is not a backup of the academy (npm run db:backup writes them).')
      if (!(header.version <= BACKUP_VERSION)) {
        throw new BackupError(`This backup was written by a newer version of the app (format ${header.version}): update the app, then restore.`)
      }
      if (!Array.isArray(header.tables)) throw damaged('its header has no tables')
    } else if (Array.isArray(value)) {
      if (!table) throw damaged(`line ${lines + 1} is a row outside a table`)
      if (value.length !== table.width || !value.every((v) => v === null || typeof v === 'string'))
        throw damaged(`a row of table ${table.name} is not readable`)
      table.rows++
    } else if (isObject(value) && 'table' in value) {
      const expected = header.tables[tableIndex]
      if (table || !expected || value.table !== expected.name) throw damaged(`table ${String(value.table)} is out of place`)
      table = { name: expected.name, width: expected.columns.length, rows: 0 }
    } else if (isObject(value) && 'end' in value) {
      if (!table || value.end !== table.name || value.rows !== table.rows) throw damaged(`table ${table?.name ?? String(value.end)} is incomplete`)
      table = null
      tableIndex++
    } else if (isObject(value) && 'sha256' in value) {
      checksum = String(value.sha256)
      continue
    } else {
      throw damaged(`line ${lines + 1} is not part of a backup`)
    }
    hash.update(`${text}\n`)
    lines++
  }
  if (!header || checksum === null) throw new BackupError('The backup is incomplete (it has no checksum at its end).')
  if (hash.digest('hex') !== checksum) throw damaged('its checksum does not match its contents')
  if (table || tableIndex !== header.tables.length) throw damaged('it ends before its last table')
  return { header, lines, checksum }
}

/** Checks a whole backup before anything is restored: its checksum, its structure, its format version. */
export async function verifyBackup(file: string): Promise<BackupHeader> {
  return (await verifyBackupFile(file)).header
}
