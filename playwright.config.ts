import { existsSync, statfsSync } from 'node:fs'

import { defineConfig, devices } from '@playwright/test'

import { stripeAppEnv, stripeStandInWebServer } from '#tests/e2e/support/billing'
import { E2E_ADMIN_PASSWORD } from '#tests/e2e/support/ports'

// Tests import it from here too; it lives in support/ports.ts so support files avoid a cycle.
export { E2E_ADMIN_PASSWORD }

const PORT = Number(process.env.E2E_PORT ?? 3100)
const MAILBOX_HTTP_PORT = Number(process.env.MAILBOX_HTTP_PORT ?? 3125)
const MAILBOX_SMTP_PORT = Number(process.env.MAILBOX_SMTP_PORT ?? 3126)

/**
 * Chromium keeps its shared memory in /dev/shm, and falls back to files in /tmp only when told
 * to: a container's default /dev/shm (64 MB) is too small for it, but where /dev/shm is roomy
 * (CI's machine has gigabytes) the fallback only adds file writes to every frame.
 */
function shmTooSmall(): boolean {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm')
    return bavail * bsize < 1024 ** 3
  } catch {
    return true
  }
}

/**
 * Debian's Chromium (Playwright cannot download its own here); Playwright's own when a developer
 * has it. The headless shell first: it is what Playwright itself runs headless, and on this 2-core
 * machine the same journeys took a third less time in it than in the full browser's headless mode.
 */
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate))

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  // One folder per app port: runs of the other suites beside this one (their own ports) do
  // not wipe each other's traces.
  outputDir: process.env.E2E_OUTPUT_DIR ?? `test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  // A slow day's machine can take past Playwright's 5 s default to answer a page's first reads
  // (the last run saw /billing still loading at 5 s while the machine was busy); a passing
  // check returns as soon as it holds, so this costs a green run nothing.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Off unless asked for (E2E_TRACE=retain-on-failure): recording every journey's trace, kept
    // only when it fails, cost about a third of the journeys' time on CI's two cores.
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        ...(shmTooSmall() ? ['--disable-dev-shm-usage'] : []),
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [
    // A phone's CSS pixels, touch and user agent, drawn at one device pixel per CSS pixel: the
    // layout and every measured size are the same, and Chromium paints a seventh of the pixels of
    // the Pixel 7's 2.625 (the journeys are bound by the browser's CPU on two cores).
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, browserName: 'chromium' } },
    // Desktop size only where the layout differs: journeys tagged AT_DESKTOP_TOO (support/ports.ts).
    { name: 'desktop', grep: /@desktop/, use: { ...devices['Desktop Chrome'], browserName: 'chromium' } },
  ],
  webServer: [
    // The local Stripe API stand-in the app's Stripe SDK talks to (no internet here).
    stripeStandInWebServer(),
    {
      // A real SMTP server for the app's mail (password reset links), readable by the tests.
      command: 'exec node --import tsx tests/e2e/support/mailbox-server.ts',
      url: `http://127.0.0.1:${MAILBOX_HTTP_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: { MAILBOX_HTTP_PORT: String(MAILBOX_HTTP_PORT), MAILBOX_SMTP_PORT: String(MAILBOX_SMTP_PORT) },
    },
    {
      // The production build on a fresh embedded PostgreSQL, as `npm start` runs it, with passwords
      // hashed at a test cost (tests/support/fast-password-hash.mjs; the int suite proves production's).
      command: 'rm -rf .data/e2e && exec node --import ./tests/support/fast-password-hash.mjs --import tsx server.ts',
      url: `http://localhost:${PORT}/api/classes`,
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: String(PORT),
        ACADEMY_DATA_DIR: '.data/e2e',
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        NODE_ENV: 'production',
        // The billing calendar would bill the journeys' families by the machine's clock.
        JOBS_AUTORUN: 'false',
        SMTP_URL: `smtp://127.0.0.1:${MAILBOX_SMTP_PORT}`,
        ...stripeAppEnv(),
      },
    },
  ],
})
