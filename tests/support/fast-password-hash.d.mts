/** Passwords hashed at this many PBKDF2 iterations in test processes (fast-password-hash.mjs). */
export const TEST_ITERATIONS: number
/** This process hashes at production's 600,000 iterations again. */
export function useProductionPasswordCost(): void
/** Back to the test cost (the file that asked for production's is done). */
export function useTestPasswordCost(): void
