import { defineConfig } from '@playwright/test'

import base from './playwright.config'
import { stripeAppEnv, stripeStandInWebServer } from '#tests/e2e/support/billing'

/**
 * The billing journeys on their own port and Astro build (dist-billing), beside the other
 * front-end suites: `npx playwright test -c playwright.billing.config.ts`. The app talks to the
 * local Stripe API stand-in through STRIPE_API_BASE; the browser reaches the same stand-in
 * through the Stripe.js stand-in (tests/support/stripe-js-stand-in.ts).
 */
const PORT = 3400
// Read by tests/e2e/support/billing.ts here and in the workers, which inherit this environment.
process.env.STRIPE_STAND_IN_PORT ??= '3412'

type Server = { command: string; env?: Record<string, string> } & Record<string, unknown>
const servers = (Array.isArray(base.webServer) ? base.webServer : [base.webServer]) as Server[]
// The app itself (`… node --import tsx server.ts`), not the mailbox's mailbox-server.ts.
const app = servers.find((server) => / server\.ts$/.test(server.command))
if (!app) throw new Error('playwright.config.ts has no app server entry')
// No SMTP listener here: receipts go to the server log (demo mail mode).
const { SMTP_URL: _smtp, ...appEnv } = app.env ?? {}

export default defineConfig({
  ...base,
  testMatch: 'billing-*.e2e.ts',
  outputDir: `test-results/e2e-${PORT}`,
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  webServer: [
    stripeStandInWebServer(),
    {
      ...app,
      url: `http://localhost:${PORT}/api/classes`,
      command: 'rm -rf .data/e2e-billing && exec node --import tsx server.ts',
      env: { ...appEnv, ...stripeAppEnv(), PORT: String(PORT), ACADEMY_DATA_DIR: '.data/e2e-billing', ACADEMY_SITE_DIR: 'dist-billing' },
    },
  ],
})
