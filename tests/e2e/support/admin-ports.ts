/**
 * The admin engineer's e2e run (playwright.admin.config.ts) beside the others': its own app
 * and mailbox ports. Imported before playwright.config.ts, which reads them when it loads, as
 * do the test workers (they inherit this environment).
 */
process.env.E2E_PORT ??= '3300'
process.env.MAILBOX_HTTP_PORT ??= '3325'
process.env.MAILBOX_SMTP_PORT ??= '3326'
