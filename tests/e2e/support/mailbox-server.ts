/**
 * The e2e run's mail server, started by playwright.config.ts before the app: a real SMTP
 * listener (tests/support/smtp.ts) that the app sends to through nodemailer, and a tiny HTTP
 * window on what it caught, because the tests run in other processes than this one.
 */
import http from 'node:http'

import { startSmtpListener } from '#tests/support/smtp'

const smtpPort = Number(process.env.MAILBOX_SMTP_PORT ?? 3126)
const httpPort = Number(process.env.MAILBOX_HTTP_PORT ?? 3125)

const smtp = await startSmtpListener({ port: smtpPort })
const server = http.createServer((req, res) => {
  if (req.url === '/health') return void res.end('ok')
  if (req.url === '/messages') {
    res.setHeader('content-type', 'application/json')
    return void res.end(JSON.stringify(smtp.messages))
  }
  res.statusCode = 404
  res.end()
})
server.listen(httpPort, '127.0.0.1', () => console.log(`[mailbox] SMTP ${smtp.url}, messages on http://127.0.0.1:${httpPort}/messages`))

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close()
    void smtp.close().finally(() => process.exit(0))
  })
}
