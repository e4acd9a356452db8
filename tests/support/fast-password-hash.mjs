/**
 * Loaded by the test processes only (vitest's int workers, the template they clone, the servers
 * the journeys and tests start), never by the app: every password is hashed at a test cost.
 *
 * Payload hashes with PBKDF2-SHA256 at 600,000 iterations, a figure it fixes, and a sign-in pays
 * it too: about 170 ms of a core each time, thousands of times a run. Here that count becomes
 * 1,000 for every caller of `crypto.pbkdf2` (Payload and src/api/accounts alike), so hashes made
 * and checked in one test database agree with each other. `pbkdf2Sync`, which the tests use to
 * check a stored hash by hand, is left as it is; tests/int/login-guard.int.test.ts asks for the
 * production cost and proves it (useProductionPasswordCost).
 */
import crypto from 'node:crypto'
import { syncBuiltinESMExports } from 'node:module'

const PRODUCTION_ITERATIONS = 600_000
export const TEST_ITERATIONS = 1_000
const PRODUCTION_COST = Symbol.for('academy.tests.productionPasswordCost')

const realPbkdf2 = crypto.pbkdf2
if (!realPbkdf2[PRODUCTION_COST]) {
  const testPbkdf2 = function pbkdf2(password, salt, iterations, keylen, digest, callback) {
    const cost = iterations === PRODUCTION_ITERATIONS && !globalThis[PRODUCTION_COST] ? TEST_ITERATIONS : iterations
    return realPbkdf2.call(crypto, password, salt, cost, keylen, digest, callback)
  }
  testPbkdf2[PRODUCTION_COST] = true
  crypto.pbkdf2 = testPbkdf2
  syncBuiltinESMExports()
}

/** For the one file that proves production's cost: this process hashes at 600,000 iterations again. */
export function useProductionPasswordCost() {
  globalThis[PRODUCTION_COST] = true
}

/** And back to the test cost: the worker runs its next file in this process (vitest.config.ts). */
export function useTestPasswordCost() {
  delete globalThis[PRODUCTION_COST]
}
