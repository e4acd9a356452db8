/**
 * What an error may show in a log. A failed query's error carries the statement's values (Drizzle
 * writes them into its message: "Failed query: … params: …", and keeps them as `params`), and
 * PostgreSQL's own error repeats some of them (`detail`: "Key (email)=(…) already exists", or a
 * message quoting the input). Those values are whatever a visitor or a family sent: a password
 * hash, a child's medical notes. A log keeps of them the statement's name (its verb and table)
 * and PostgreSQL's error code, with the constraint, table and column it names; never a value.
 */

type ErrorLike = { name?: unknown; message?: unknown; stack?: unknown; cause?: unknown; [key: string]: unknown }

export type LoggableError = {
  type: string
  message: string
  statement?: string
  code?: string
  constraint?: string
  table?: string
  column?: string
  status?: number
  stack?: string
  cause?: LoggableError
}

const QUERY_MESSAGE = /^Failed query:/
/** Where Drizzle's message turns to the values; anything after it is never written. */
const PARAMS = /\n?params:[\s\S]*$/
const VERB = /^\s*(select|insert|update|delete|with|create|alter|drop|truncate|lock)\b/i
const TABLE = /\b(into|from|update|table)\s+((?:"[^"]+"|[\w]+)(?:\.(?:"[^"]+"|[\w]+))?)/i
/** PostgreSQL's SQLSTATE: five digits or capitals. */
const SQLSTATE = /^[0-9A-Z]{5}$/

function isObject(value: unknown): value is ErrorLike {
  return value !== null && typeof value === 'object'
}

/** The statement's name: its verb and the first table it names (`insert into "users"`), no value. */
export function statementName(query: string): string {
  const verb = VERB.exec(query)?.[1]?.toLowerCase() ?? 'statement'
  const found = TABLE.exec(query)
  if (!found) return verb
  const keyword = found[1]!.toLowerCase()
  return keyword === verb ? `${verb} ${found[2]}` : `${verb} ${keyword} ${found[2]}`
}

function isQueryError(error: ErrorLike): boolean {
  return (typeof error.query === 'string' && 'params' in error) || (typeof error.message === 'string' && QUERY_MESSAGE.test(error.message))
}

function isDatabaseError(error: ErrorLike): boolean {
  return typeof error.code === 'string' && SQLSTATE.test(error.code) && 'severity' in error
}

/** The driver's error under a query error, wherever it was wrapped. */
function databaseErrorIn(error: ErrorLike): ErrorLike | null {
  let current: unknown = error
  for (let depth = 0; isObject(current) && depth < 5; depth++) {
    if (isDatabaseError(current)) return current
    current = current.cause
  }
  return null
}

/** The stack's frames without its first line, which repeats the message. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined
  const frames = stack.split('\n').filter((line) => line.trimStart().startsWith('at '))
  return frames.length > 0 ? frames.join('\n') : undefined
}

/** PostgreSQL's names of what failed (never its detail, hint, where or message). */
function namesOf(error: ErrorLike | null): Pick<LoggableError, 'code' | 'constraint' | 'table' | 'column'> {
  if (!error) return {}
  const names: Pick<LoggableError, 'code' | 'constraint' | 'table' | 'column'> = {}
  for (const key of ['code', 'constraint', 'table', 'column'] as const) if (typeof error[key] === 'string') names[key] = error[key]
  return names
}

/** A message of any other error, cut where a query's values would begin. */
export function safeLogText(text: string): string {
  if (!QUERY_MESSAGE.test(text) && !/\bparams:/.test(text)) return text
  const query = QUERY_MESSAGE.exec(text) ? text.replace(QUERY_MESSAGE, '').replace(PARAMS, '') : ''
  return query ? `Failed query (${statementName(query)})` : text.replace(PARAMS, ' (params not logged)')
}

function typeOf(error: ErrorLike): string {
  if (typeof error.name === 'string' && error.name !== 'Error') return error.name
  const constructorName = (error as { constructor?: { name?: unknown } }).constructor?.name
  return typeof constructorName === 'string' && constructorName !== 'Object' ? constructorName : 'Error'
}

/** The error as a log may write it (an already safe one as it is). */
export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!isObject(error)) return { type: typeof error, message: safeLogText(String(error)) }
  if (Object.getPrototypeOf(error) === Object.prototype && typeof error.type === 'string' && typeof error.message === 'string') {
    return { ...(error as LoggableError), message: safeLogText(error.message) }
  }
  const type = typeOf(error)
  const stack = framesOf(error.stack)
  if (isQueryError(error)) {
    const query = typeof error.query === 'string' ? error.query : String(error.message).replace(QUERY_MESSAGE, '').replace(PARAMS, '')
    const statement = statementName(query)
    const names = namesOf(databaseErrorIn(error))
    return { type, message: `Failed query (${statement})${names.code ? `: PostgreSQL error ${names.code}` : ''}`, statement, ...names, stack }
  }
  if (isDatabaseError(error)) {
    const names = namesOf(error)
    return { type, message: `PostgreSQL error ${names.code}`, ...names, stack }
  }
  const message = typeof error.message === 'string' ? safeLogText(error.message) : ''
  const safe: LoggableError = { type, message, stack }
  if (typeof error.code === 'string') safe.code = error.code
  if (typeof error.status === 'number') safe.status = error.status
  if (error.cause !== undefined && error.cause !== null && depth < 5) safe.cause = loggableError(error.cause, depth + 1)
  return safe
}
