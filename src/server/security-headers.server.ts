/**
 * Headers every response carries. Pages get their script/style hashes from Astro's own CSP
 * meta tag; this header adds what a meta tag cannot (frame-ancestors) and locks the rest.
 */
const STRIPE = 'https://js.stripe.com https://*.js.stripe.com'

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
    // Payload's admin panel (Next.js) relies on inline scripts and styles.
    headers['Content-Security-Policy'] = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'"
  } else {
    headers['Content-Security-Policy'] = [
      "default-src 'self'",
      `script-src 'self' ${STRIPE}`,
      `frame-src 'self' ${STRIPE} https://hooks.stripe.com`,
      "connect-src 'self' https://api.stripe.com",
      "img-src 'self' data: blob: https://*.stripe.com",
      "style-src 'self' 'unsafe-inline'",
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ')
  }
  return headers
}
