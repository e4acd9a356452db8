import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'cms/**/*.test.ts', 'astro-site/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['tests/int/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          // Each file boots its own Payload on its own database, in its own process.
          pool: 'forks',
          isolate: true,
          fileParallelism: true,
          maxWorkers: 2,
          // Sign-ins cost a full password hash each (PBKDF2, 600,000 iterations) and pass one at a time.
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
