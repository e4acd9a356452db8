/**
 * Headers every response carries.
 *
 * Pages: Astro renders them on demand, and for on-demand pages Astro sends its CSP as a
 * `content-security-policy` response header (not a <meta> tag: that is only for prerendered
 * pages), with the sha256 hashes of the inline scripts and styles it emits (island bootstrap,
 * inlined CSS). The node adapter writes that header with writeHead, which replaces the one
 * set here. So the page policy is written once, below, and given to Astro too
 * (astro.config.mjs `security.csp`): Astro's header is the complete policy, and the header set
 * here only covers page-area responses Astro does not render with a policy (redirects).
 */
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com']

/** `script-src` sources besides the hashes Astro adds (Stripe.js for the card form). */
export const PAGE_SCRIPT_SOURCES = ["'self'", ...STRIPE_SCRIPTS]

/** `style-src` sources besides Astro's hashes; no inline `style` attributes are allowed. */
export const PAGE_STYLE_SOURCES = ["'self'"]

/** Every page directive except script-src and style-src (Astro owns those two). */
export const PAGE_CSP_DIRECTIVES = [
  "default-src 'self'",
  `frame-src 'self' ${STRIPE_SCRIPTS.join(' ')} https://hooks.stripe.com`,
  "connect-src 'self' https://api.stripe.com",
  "img-src 'self' data: blob: https://*.stripe.com",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
] as const

/** The page policy without hashes: what a page-area response gets when Astro adds none. */
export function pageContentSecurityPolicy(): string {
  return [...PAGE_CSP_DIRECTIVES, `script-src ${PAGE_SCRIPT_SOURCES.join(' ')}`, `style-src ${PAGE_STYLE_SOURCES.join(' ')}`].join('; ')
}

export function securityHeaders(options: { https: boolean; area: 'api' | 'page' | 'cms' | 'asset' }): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  }
  if (options.https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
  if (options.area === 'api') {
    headers['Content-Security-Policy'] = "default-src 'none'; frame-ancestors 'none'"
  } else if (options.area === 'cms') {
    // Payload's admin panel (Next.js) relies on inline scripts and styles; scripts from anywhere
    // but this origin, and eval, are refused.
    headers['Content-Security-Policy'] = "script-src 'self' 'unsafe-inline'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'"
  } else {
    headers['Content-Security-Policy'] = pageContentSecurityPolicy()
  }
  return headers
}
