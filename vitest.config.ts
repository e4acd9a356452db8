import path from 'node:path'

import { defineConfig } from 'vitest/config'

/** Passwords hashed at a test cost in every test process, and in the servers they start (the file says why). */
const FAST_PASSWORD_HASH = path.resolve('tests/support/fast-password-hash.mjs')
const withFastPasswordHash = [process.env.NODE_OPTIONS, `--import=${FAST_PASSWORD_HASH}`].filter(Boolean).join(' ')

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'cms/**/*.test.ts', 'astro-site/**/*.test.ts'],
          environment: 'node',
          // Rules are pure functions: a worker runs file after file, loading the modules once
          // (70% of the run was imports with a module graph per file; ADR 025).
          isolate: false,
        },
      },
      {
        test: {
          name: 'int',
          include: ['tests/int/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: [FAST_PASSWORD_HASH],
          env: { NODE_OPTIONS: withFastPasswordHash },
          // Each file boots its own Payload on its own database; a worker process runs file after
          // file, so Node and Payload's modules load once per worker, not once per file (ADR 025).
          pool: 'forks',
          isolate: false,
          fileParallelism: true,
          maxWorkers: 2,
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
