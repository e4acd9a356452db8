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
import { createInterface } from 'node:readline'
import { once } from 'node:events'
import { createGunzip, createGzip } from 'node:zlib'

/**
 * The backup file (docs/operations.md "Backups"): gzip of JSON lines. The first line is the
 * header (format, version, the applied migrations, every table's columns, the sequences); then
 * each table as `{"table": name}`, one JSON array of column texts (or null) per row, and
 * `{"end": name, "rows": n}`; the last line is `{"sha256": …}` of every line before it.
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

/** Opens `file` for a new backup (0600, through a temporary name); `finish` adds the checksum and returns the size. */
export function createBackupWriter(file: string): BackupWriter {
  const target = path.resolve(file)
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.partial`)
  const fd = openSync(temporary, 'wx', 0o600)
  fchmodSync(fd, 0o600)
  const gzip = createGzip()
  const out = createWriteStream('', { fd })
  gzip.pipe(out)
  const hash = createHash('sha256')
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain')
  }
  return {
    async line(value) {
      const text = `${JSON.stringify(value)}\n`
      hash.update(text)
      await write(text)
    },
    async finish() {
      await write(`${JSON.stringify({ sha256: hash.digest('hex') })}\n`)
      gzip.end()
      await once(out, 'close')
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
  const lines = createInterface({ input: createReadStream(source).pipe(gunzip), crlfDelay: Infinity })
  // A cut or corrupted file fails in gunzip, which the line reader may or may not pass on.
  const failure = new Promise<never>((_, reject) => gunzip.once('error', reject))
  failure.catch(() => {})
  const iterator = lines[Symbol.asyncIterator]()
  let lineNumber = 0
  for (;;) {
    let next: IteratorResult<string>
    try {
      next = await Promise.race([iterator.next(), failure])
    } catch (error) {
      throw new BackupError(`The backup is damaged (${(error as Error).message}).`)
    }
    if (next.done) return
    lineNumber++
    yield { text: next.value, value: parse(next.value, lineNumber) }
  }
}

/** Checks a whole backup before anything is restored: its checksum, its structure, its format version. */
export async function verifyBackup(file: string): Promise<BackupHeader> {
  const hash = createHash('sha256')
  let header: BackupHeader | null = null
  let checksum: string | null = null
  for await (const { text, value } of readBackup(file)) {
    if (checksum !== null) throw new BackupError('The backup is damaged (lines after its checksum).')
    if (header === null) {
      header = value as BackupHeader
      if (header?.format !== BACKUP_FORMAT) throw new BackupError('This is not a backup of the academy (npm run db:backup writes them).')
      if (!(header.version <= BACKUP_VERSION)) {
        throw new BackupError(`This backup was written by a newer version of the app (format ${header.version}): update the app, then restore.`)
      }
    }
    if (value && typeof value === 'object' && 'sha256' in value) checksum = String((value as { sha256: unknown }).sha256)
    else hash.update(`${text}\n`)
  }
  if (!header || checksum === null) throw new BackupError('The backup is incomplete (it has no checksum at its end).')
  if (hash.digest('hex') !== checksum) throw new BackupError('The backup is damaged (its checksum does not match its contents).')
  return header
}
