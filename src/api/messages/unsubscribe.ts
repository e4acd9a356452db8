import type { PayloadRequest } from 'payload'

import { escapeHtml } from '#api/email'
import { AppError, badInput } from '#api/errors'
import { inTransaction } from '#api/lib/database'
import { readUnsubscribeToken, setCategoryPreferences } from './preferences'
import { MESSAGE_TEXTS, type ChoosableCategory } from './schemas'

/**
 * The unsubscribe link of every message email (issue 25, RFC 8058). No sign-in: the signed token
 * names the account and the category. A mail client's one-click POST (`List-Unsubscribe=One-Click`)
 * switches that category to the portal only and nothing else; a person who opens the link (GET)
 * sees a page that asks first, because link scanners open links and must change nothing.
 */

const CATEGORY_WORDS: Record<ChoosableCategory, string> = {
  announcements: 'announcements',
  'class-changes': 'class changes',
  billing: 'billing messages',
  reminders: 'reminders',
}

function page(title: string, inner: string, status = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}button{font-size:1rem;padding:.75rem 1.25rem;min-height:44px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${inner}</main></body></html>`
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } })
}

/** A refused link: a page for a browser (the link opened from a mail), the contract's `{message}` for anyone else. */
function failure(req: PayloadRequest, error: unknown): Response {
  const browser = (req.headers.get('accept') ?? '').includes('text/html')
  if (browser && error instanceof AppError && error.code === 'BAD_INPUT') return page('Unsubscribe', `<p>${escapeHtml(error.message)}</p>`, 400)
  throw error
}

/** GET: the confirm page. */
export function unsubscribeConfirmPage(req: PayloadRequest, token: string): Response {
  try {
    const { category } = readUnsubscribeToken(req.payload, token)
    const words = CATEGORY_WORDS[category]
    return page(
      `Stop emails about ${words}?`,
      `<p>You will still see ${escapeHtml(words)} in your portal inbox. Messages about payments and safety are always emailed.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Stop emails about ${escapeHtml(words)}</button></form>`,
    )
  } catch (error) {
    return failure(req, error)
  }
}

/** POST: the one click (from the mail client or the confirm page): that category goes to the portal only. */
export async function unsubscribe(req: PayloadRequest, token: string): Promise<Response> {
  try {
    const { userId, category } = readUnsubscribeToken(req.payload, token)
    // A link of an account deleted since: nothing left to change.
    const account = await req.payload.findByID({ collection: 'users', id: userId, depth: 0, disableErrors: true, overrideAccess: true, req })
    if (!account) throw badInput(MESSAGE_TEXTS.unsubscribeInvalid)
    await inTransaction(req, () => setCategoryPreferences(req, userId, { [category]: 'portal' }))
    const words = CATEGORY_WORDS[category]
    return page(
      'You are unsubscribed',
      `<p>We will no longer email you ${escapeHtml(words)}. You can see them in your portal inbox, and change this on your Account page.</p>`,
    )
  } catch (error) {
    return failure(req, error)
  }
}
