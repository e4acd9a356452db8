// Ports first: playwright.config.ts reads them from the environment as it loads.
import '#tests/e2e/support/admin-ports'

import { defineConfig } from '@playwright/test'

import base from './playwright.config'

/**
 * The admin console's journeys on their own port, database and Astro build (dist-admin), so
 * they run beside the other engineers' e2e runs. The same files also run from the base config.
 */
type WebServer = { command: string; env?: Record<string, string> }
const servers = ([] as WebServer[]).concat((base.webServer ?? []) as WebServer | WebServer[])

export default defineConfig({
  ...base,
  testMatch: /admin-(console|billing|classes|families|inbox)\.e2e\.ts$/,
  webServer: servers.map((server) =>
    server.env?.PORT
      ? {
          ...server,
          command: 'rm -rf .data/e2e-admin && exec node --import tsx server.ts',
          env: { ...server.env, ACADEMY_DATA_DIR: '.data/e2e-admin', ACADEMY_SITE_DIR: 'dist-admin' },
        }
      : server,
  ),
})
