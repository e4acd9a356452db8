/**
 * Constants of the e2e run (playwright.config.ts): the ports of the app and of the mailbox's
 * SMTP and HTTP sides, and the admin password the app is started with. Kept here, not in the
 * config, so support files the config imports can use them without an import cycle.
 */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password'
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
export const MAILBOX_HTTP_PORT = Number(process.env.MAILBOX_HTTP_PORT ?? 3125)
export const MAILBOX_SMTP_PORT = Number(process.env.MAILBOX_SMTP_PORT ?? 3126)
