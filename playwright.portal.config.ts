import { defineConfig } from '@playwright/test'

import base from './playwright.config'

/**
 * The family-portal journeys on their own port and Astro build (dist-portal), so they can run
 * beside the other front-end engineers' suites: `npx playwright test -c playwright.portal.config.ts`.
 * The same files also run unchanged under the base config.
 */
const PORT = 3200
type Server = { command: string; env?: Record<string, string> } & Record<string, unknown>
const servers = (Array.isArray(base.webServer) ? base.webServer : [base.webServer]) as Server[]
const app = servers.find((server) => /(^|\s)server\.ts$/.test(server.command))
if (!app) throw new Error('playwright.config.ts has no app server entry')
// No SMTP listener here: mail goes to the server log (demo mail mode).
const { SMTP_URL: _smtp, ...appEnv } = app.env ?? {}

export default defineConfig({
  ...base,
  testMatch: 'portal-*.e2e.ts',
  outputDir: 'test-results/e2e-portal',
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  webServer: {
    ...app,
    url: `http://localhost:${PORT}/api/classes`,
    command: 'rm -rf .data/e2e-portal && exec node --import tsx server.ts',
    env: { ...appEnv, PORT: String(PORT), ACADEMY_DATA_DIR: '.data/e2e-portal', ACADEMY_SITE_DIR: 'dist-portal' },
  },
})
