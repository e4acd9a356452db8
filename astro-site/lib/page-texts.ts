import type { SiteTexts } from '#api/site-content'
import type { SiteContentKey } from '#api/site-content/defaults.schemas'

/**
 * Public texts added with issue 23 (the catalogue's places, the terms and privacy pages),
 * editable like every other site text (decisions §6): a stored, published item with the same
 * key overrides the default here.
 * TODO(issue 23): move these defaults into SITE_CONTENT_DEFAULTS (src/api/schemas) once the
 * move of src/api into domain slices has landed; this table only exists to stay out of it.
 * The terms and privacy texts are a starting point written for the academy to replace.
 */
export const PAGE_TEXT_DEFAULTS = {
  'classes.card.places_left': '{count} places left',
  'classes.card.place_left': '1 place left',
  'classes.card.full': 'Full',
  'classes.card.waitlist': 'A waitlist is open: sign in to join it.',
  'classes.card.waitlist_family': 'A waitlist is open: add the class to join it.',
  'classes.card.add': 'Add to My Classes',
  'auth.terms_link': 'Terms of Service',
  'auth.privacy_link': 'Privacy Policy',
  'footer.link_terms': 'Terms of Service',
  'footer.link_privacy': 'Privacy Policy',
  'policy.draft_note': 'This text is a starting point: the academy reviews and edits it in the site content editor.',
  'policy.terms.title': 'Terms of Service',
  'policy.terms.description': 'The terms that apply when you create an account and enroll a dancer at the academy.',
  'policy.terms.body': [
    'Creating an account lets a parent or guardian enroll their children, and adult students enroll themselves, in the classes shown on this site. Please keep your account details, and each dancer’s date of birth and emergency contact, accurate and up to date.',
    'An enrollment holds a place in a class until it is dropped. Tuition is billed monthly, in advance, at the price shown for the class; the first month may be prorated from the first class date. A registration fee, when the academy charges one, is shown before you confirm.',
    'To drop a class, use your account or contact the academy. Drops follow the notice period the academy sets; tuition for a month already started is not refunded unless the academy says otherwise.',
    'When a class is full you may join its waitlist. If a place opens, we offer it to the next family in line for a limited time; the place is yours only once you accept it.',
    'Dancing is physical activity. Please tell your teacher about any injury or health condition that matters for class. The academy may change a class’s teacher, room or time, and will tell enrolled families when it does.',
  ].join('\n\n'),
  'policy.privacy.title': 'Privacy Policy',
  'policy.privacy.description': 'What the academy keeps about your family, why, and who can see it.',
  'policy.privacy.body': [
    'We keep what we need to run classes and billing: your name, email, phone and username; each dancer’s name, date of birth, level and emergency contact; enrollments, attendance, invoices and payments.',
    'Teachers see the names, levels and emergency contacts of the dancers in their own classes. Academy administrators see the records needed to run the academy. We do not sell your information or share it with advertisers.',
    'Card payments are handled by our payment provider; card numbers never reach our servers. We send email about your account, enrollments and invoices; you can choose which notices you receive in your account settings.',
    'Invoices and payments are financial records and are kept after an account is closed. Everything else about your family is removed when you delete your account or ask us to.',
    'To see, correct or remove what we keep about you, contact the academy using the details at the bottom of every page.',
  ].join('\n\n'),
} as const

export type PageTextKey = keyof typeof PAGE_TEXT_DEFAULTS

/** The stored text for one of the keys above, or its default. */
export function pageText(texts: SiteTexts, key: PageTextKey): string {
  // The site texts answer any stored key; an unknown one yields undefined, hence the default.
  const stored = (texts.text as (key: string) => string | undefined)(key as string as SiteContentKey)
  return stored ?? PAGE_TEXT_DEFAULTS[key]
}

/** A text as paragraphs: blank lines separate them. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
}

export type TextPart = { text: string; href?: string }

/**
 * A sentence with some of its phrases as links ('… our Terms of Service and Privacy Policy.'):
 * each phrase found in the text becomes a link; one an editor left out is added at the end, so
 * the links are never lost with an edit.
 */
export function linkPhrases(text: string, links: readonly { phrase: string; href: string }[]): TextPart[] {
  let parts: TextPart[] = [{ text }]
  const missing: { phrase: string; href: string }[] = []
  for (const link of links) {
    const at = parts.findIndex((part) => !part.href && link.phrase && part.text.includes(link.phrase))
    if (at === -1) {
      missing.push(link)
      continue
    }
    const { text: whole } = parts[at]!
    const start = whole.indexOf(link.phrase)
    const pieces: TextPart[] = [{ text: whole.slice(0, start) }, { text: link.phrase, href: link.href }, { text: whole.slice(start + link.phrase.length) }]
    parts = [...parts.slice(0, at), ...pieces.filter((piece) => piece.text), ...parts.slice(at + 1)]
  }
  missing.forEach((link, i) => parts.push({ text: i === 0 ? ' ' : ' · ' }, { text: link.phrase, href: link.href }))
  return parts
}
