/** Ports of the e2e run (playwright.config.ts): the app, and the mailbox's SMTP and HTTP sides. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
export const MAILBOX_HTTP_PORT = Number(process.env.MAILBOX_HTTP_PORT ?? 3125)
export const MAILBOX_SMTP_PORT = Number(process.env.MAILBOX_SMTP_PORT ?? 3126)
