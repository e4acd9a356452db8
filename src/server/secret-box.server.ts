import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Encryption at rest for secrets the admin enters in the app (the Stripe secret key): AES-256-GCM
 * under a key derived from PAYLOAD_SECRET with HKDF-SHA256, so a copy of the database alone
 * does not reveal them. The `purpose` is both the HKDF info and the GCM associated data: a value
 * sealed for one purpose cannot be opened as another.
 *
 * Sealed form: `v1.<base64url(iv | tag | ciphertext)>`.
 */
const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16
const SALT = 'academy.secret-box'

export class SecretBoxError extends Error {}

function deriveKey(masterSecret: string, purpose: string): Buffer {
  if (!masterSecret) throw new SecretBoxError('No master secret is available to derive the encryption key.')
  return Buffer.from(hkdfSync('sha256', masterSecret, SALT, `${VERSION}:${purpose}`, 32))
}

export function sealSecret(plaintext: string, masterSecret: string, purpose: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', deriveKey(masterSecret, purpose), iv)
  cipher.setAAD(Buffer.from(purpose))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`
}

/** The plaintext, or a SecretBoxError when the value was tampered with or sealed under another secret. */
export function openSecret(sealed: string, masterSecret: string, purpose: string): string {
  const [version, body] = sealed.split('.', 2)
  if (version !== VERSION || !body) throw new SecretBoxError('The sealed value has an unknown format.')
  const raw = Buffer.from(body, 'base64url')
  if (raw.length <= IV_BYTES + TAG_BYTES) throw new SecretBoxError('The sealed value is truncated.')
  try {
    const decipher = createDecipheriv('aes-256-gcm', deriveKey(masterSecret, purpose), raw.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(purpose))
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    throw new SecretBoxError('The sealed value cannot be opened with this secret (was PAYLOAD_SECRET changed?).')
  }
}
