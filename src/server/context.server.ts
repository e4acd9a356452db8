import type { Payload } from 'payload'

import type { Env } from './env.server'
import type { Mailer } from './mailer.server'

/**
 * The running process's shared services, set once at start (server.ts, or the test app)
 * and read by operations and by Astro's server build (a separate bundle of this source),
 * through a well-known global symbol.
 */
export type AppContext = { payload: Payload; env: Env; mailer: Mailer }

const KEY = Symbol.for('academy.app-context')
type Store = Record<symbol, AppContext | undefined>

export function setAppContext(context: AppContext): void {
  ;(globalThis as unknown as Store)[KEY] = context
}

/** The app has stopped (a test app's close): what runs on afterwards finds no services, as a script does. */
export function clearAppContext(): void {
  delete (globalThis as unknown as Store)[KEY]
}

export function getAppContext(): AppContext {
  const context = (globalThis as unknown as Store)[KEY]
  if (!context) throw new Error('The app context is not set: start the app through server.ts')
  return context
}
