import type { Payload } from 'payload'

/**
 * The running process's shared services, set once by server.ts and read by Astro's server
 * build (a separate bundle of this source), through a well-known global symbol.
 */
export type AppContext = { payload: Payload; demoMode: boolean }

const KEY = Symbol.for('academy.app-context')
type Store = Record<symbol, AppContext | undefined>

export function setAppContext(context: AppContext): void {
  ;(globalThis as unknown as Store)[KEY] = context
}

export function getAppContext(): AppContext {
  const context = (globalThis as unknown as Store)[KEY]
  if (!context) throw new Error('The app context is not set: pages must be served by server.ts')
  return context
}
