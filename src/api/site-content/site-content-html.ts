import sanitizeHtml from 'sanitize-html'

/**
 * A conservative allowlist for site texts of type html (decisions §6): text formatting,
 * lists, headings and links. No script, style, iframe, form or media element, no event
 * handler or style attribute, and links only to http(s), mailto and tel.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'span', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The content of these is dropped entirely, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new tab must not hand the opener to the target page.
    a: (tagName, attribs) => {
      const next = { ...attribs }
      if (next.target && next.target !== '_blank') delete next.target
      if (next.target === '_blank') next.rel = 'noopener noreferrer'
      return { tagName, attribs: next }
    },
  },
}

/** The stored form of an html site text: only the allowlisted markup survives. */
export function sanitizeSiteHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}
