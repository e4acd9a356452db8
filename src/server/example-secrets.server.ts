/**
 * Values this repository prints in its examples (.env.example, deploy/academy.env.example,
 * compose.yaml, docs/), and the usual placeholders: whoever reads them knows them. A deployment
 * refuses them (and anything starting `replace-with`, or ending in `...`) for every secret: an
 * example PAYLOAD_SECRET would let anyone forge sessions and every family's calendar-feed link.
 * Compared without regard to case.
 */
const EXAMPLE_SECRETS = new Set(
  [
    '',
    'secret',
    'changeme',
    'change-me',
    'YOUR_SECRET_HERE',
    'replace-me',
    'password',
    'pass',
    'replace-with-at-least-32-random-characters',
    'replace-with-a-long-passphrase',
    'sk_live_...',
    'pk_live_...',
    'whsec_...',
    // The key pair of AWS's own documentation.
    'AKIAIOSFODNN7EXAMPLE',
    'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  ].map((value) => value.toLowerCase()),
)

export function isExampleSecret(value: string): boolean {
  const normalised = value.trim().toLowerCase()
  return EXAMPLE_SECRETS.has(normalised) || normalised.startsWith('replace-with') || /(\.\.\.|…)$/.test(normalised)
}

/** The password inside a connection URL (postgres://user:pass@host, smtps://user:pass@host), if any. */
function urlPassword(value: string | undefined): string | undefined {
  if (!value) return undefined
  try {
    return decodeURIComponent(new URL(value).password) || undefined
  } catch {
    return undefined
  }
}

/** What to set instead, per variable. */
const HINTS = {
  PAYLOAD_SECRET: 'a random value of at least 32 characters (openssl rand -base64 48)',
  ADMIN_PASSWORD: 'a long passphrase of your own',
  DATABASE_URL: "the database user's real password in it",
  SMTP_URL: "your mail server's real user and password in it",
  STRIPE_SECRET_KEY: 'the key of your Stripe dashboard, or leave it empty',
  STRIPE_PUBLISHABLE_KEY: 'the key of your Stripe dashboard, or leave it empty',
  STRIPE_WEBHOOK_SECRET: "your webhook endpoint's signing secret, or leave it empty",
  S3_ACCESS_KEY_ID: "the bucket's access key",
  S3_SECRET_ACCESS_KEY: "the bucket's access key",
} as const

/** The connection URLs among them: their password is the secret. */
const URL_SETTINGS = new Set(['DATABASE_URL', 'SMTP_URL'])

/**
 * The settings among `values` that hold an example value (for a URL: its password), each as a
 * line naming the variable and what to set instead; empty when there is none.
 */
export function exampleSecrets(values: Partial<Record<keyof typeof HINTS, string | undefined>>): string[] {
  return (Object.keys(HINTS) as (keyof typeof HINTS)[]).flatMap((name) => {
    const value = URL_SETTINGS.has(name) ? urlPassword(values[name]) : values[name]
    if (!value || !isExampleSecret(value)) return []
    return [`${URL_SETTINGS.has(name) ? `the password in ${name}` : name} is an example value: set ${HINTS[name]}.`]
  })
}
