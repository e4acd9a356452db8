/**
 * Constants of the e2e run (playwright.config.ts): the ports of the app and of the mailbox's
 * SMTP and HTTP sides, and the admin password the app is started with. Kept here, not in the
 * config, so support files the config imports can use them without an import cycle.
 */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password'
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
export const MAILBOX_HTTP_PORT = Number(process.env.MAILBOX_HTTP_PORT ?? 3125)
export const MAILBOX_SMTP_PORT = Number(process.env.MAILBOX_SMTP_PORT ?? 3126)

/**
 * Journeys run at phone size. A journey whose page is laid out differently on a wide screen
 * (the console's tables and side column, the portal's header, the billing columns) carries this
 * tag and runs at desktop size too (the `desktop` project selects it).
 */
export const AT_DESKTOP_TOO = { tag: '@desktop' }
