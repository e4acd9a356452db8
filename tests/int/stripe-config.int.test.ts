import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { startStripeStandIn, type StripeStandIn } from '#tests/support/stripe-stand-in'

// This app has no Stripe keys in its environment: everything comes from the saved settings.
const STORED_SECRET = 'sk_test_51StoredAcademyKeyAbCdEf9876'
const REFUSED_SECRET = 'sk_test_51SomeoneElsesKeyZyXwVu5555'
const PUBLIC_KEY = 'pk_test_51StoredAcademyKeyPublic0001'
const CONFIG_KEYS = ['paymentsDisabled', 'publicKey', 'subscriptionEnabled', 'testMode']

let app: TestApp
let standIn: StripeStandIn
let admin: ApiClient
let family: ApiClient
let familyInvoiceId: number

async function rawConfigRow(): Promise<string> {
  const client = new pg.Client({ connectionString: app.databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query('SELECT row_to_json(c)::text AS row FROM payment_config c')
    return rows.map((r) => r.row as string).join('\n')
  } finally {
    await client.end()
  }
}

async function paymentRows(): Promise<number> {
  return (await app.payload.count({ collection: 'payments', overrideAccess: true })).totalDocs
}

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKeys: [STORED_SECRET] })
  app = await startTestApp({ STRIPE_API_BASE: standIn.url, ACADEMY_ALLOW_STRIPE_STAND_IN: '1' })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
  const familyId = (await family.get('/api/user')).body.id as number
  const invoices = await app.payload.find({ collection: 'invoices', where: { userId: { equals: familyId } }, overrideAccess: true, limit: 1 })
  familyInvoiceId = invoices.docs[0]!.id as number
})
afterAll(async () => {
  await app?.close()
  await standIn?.close()
})

describe('Stripe settings before anything is configured', () => {
  it('GET /api/stripe/config answers 401 to a visitor', async () => {
    const res = await new ApiClient(app.url).get('/api/stripe/config')
    expect(res.status).toBe(401)
    expect(res.body.message).toBeTypeOf('string')
  })

  it('shows a family test mode on, payments enabled and no key', async () => {
    const res = await family.get('/api/stripe/config')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ publicKey: null, paymentsDisabled: false, testMode: true, subscriptionEnabled: false })
  })

  it('answers 503 to create-payment-intent and test-connection while no secret key is known, recording nothing', async () => {
    const intent = await family.post('/api/stripe/create-payment-intent', { invoiceId: familyInvoiceId, amount: 75, currency: 'USD' })
    expect(intent.status).toBe(503)
    expect(intent.body.message).toBe('Card payments are not configured yet. Please contact the academy.')
    const test = await admin.post('/api/stripe/test-connection')
    expect(test.status).toBe(503)
    expect(standIn.requests).toHaveLength(0)
    expect(await paymentRows()).toBe(0)
  })

  it('answers 503 to a webhook call while STRIPE_WEBHOOK_SECRET is not set', async () => {
    const res = await fetch(`${app.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      body: JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded' }),
    })
    expect(res.status).toBe(503)
    expect((await res.json()).message).toBe('Stripe webhooks are not configured.')
  })
})

describe('POST /api/stripe/config', () => {
  it('refuses a family with 403 and a visitor with 401, changing nothing', async () => {
    const before = await rawConfigRow()
    const body = { stripePublicKey: PUBLIC_KEY, stripeSecretKey: STORED_SECRET }
    expect((await family.post('/api/stripe/config', body)).status).toBe(403)
    expect((await new ApiClient(app.url).post('/api/stripe/config', body)).status).toBe(401)
    expect(await rawConfigRow()).toBe(before)
  })

  it('validates the body with the spec messages and changes nothing when refused', async () => {
    const before = await rawConfigRow()
    const post = (body: unknown) => admin.post('/api/stripe/config', body)
    expect((await post({ stripeSecretKey: STORED_SECRET })).body.message).toBe('Stripe Public Key is required')
    expect((await post({ stripePublicKey: '  ', stripeSecretKey: STORED_SECRET })).body.message).toBe('Stripe Public Key is required')
    expect((await post({ stripePublicKey: PUBLIC_KEY })).body.message).toBe('Stripe Secret Key is required')
    expect((await post({ stripePublicKey: PUBLIC_KEY, stripeSecretKey: '' })).body.message).toBe('Stripe Secret Key is required')
    expect((await post({ stripePublicKey: 'sk_test_51NotAPublicKey', stripeSecretKey: STORED_SECRET })).body.message).toBe(
      'Stripe Public Key must start with pk_test_ or pk_live_',
    )
    expect((await post({ stripePublicKey: PUBLIC_KEY, stripeSecretKey: 'pk_test_51NotASecretKey' })).body.message).toBe(
      'Stripe Secret Key must start with sk_test_, sk_live_, rk_test_ or rk_live_',
    )
    expect((await post({ stripePublicKey: 'pk_live_51LiveKeyPublic0001', stripeSecretKey: STORED_SECRET })).body.message).toBe(
      'The public and secret keys must both be test keys or both be live keys',
    )
    // Nothing is stored yet, so a masked value cannot stand for a key.
    expect((await post({ stripePublicKey: PUBLIC_KEY, stripeSecretKey: 'sk_test_…9876' })).body.message).toBe('Stripe Secret Key is required')
    const invalidJson = await admin.request('POST', '/api/stripe/config', undefined, {
      headers: { 'content-type': 'application/json' },
      rawBody: '{"stripePublicKey":',
    })
    expect(invalidJson.status).toBe(400)
    expect(await rawConfigRow()).toBe(before)
  })

  it('stores the secret key encrypted and answers the admin view with the key only masked', async () => {
    const res = await admin.post('/api/stripe/config', { stripePublicKey: PUBLIC_KEY, stripeSecretKey: STORED_SECRET, enableSubscriptions: false })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      publicKey: PUBLIC_KEY,
      secretKey: 'sk_test_…9876',
      secretKeySource: 'settings',
      testMode: true,
      paymentsDisabled: false,
      subscriptionEnabled: false,
      subscriptionPriceId: null,
    })
    expect(JSON.stringify(res.body)).not.toContain(STORED_SECRET)

    const row = await rawConfigRow()
    expect(row).not.toContain(STORED_SECRET)
    expect(row).not.toContain('StoredAcademyKeyAbCdEf')
    expect(row).toMatch(/"secret_key_encrypted":"v1\.[A-Za-z0-9_-]{40,}"/)
    expect(row).toContain('"secret_key_hint":"sk_test_…9876"')

    const read = await admin.get('/api/stripe/config')
    expect(read.body.secretKey).toBe('sk_test_…9876')
    expect(JSON.stringify(read.body)).not.toContain(STORED_SECRET)
  })

  it('gives a family only the public settings, never the secret key or the price id', async () => {
    const res = await family.get('/api/stripe/config')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(CONFIG_KEYS)
    expect(res.body.publicKey).toBe(PUBLIC_KEY)
  })

  it('keeps the stored key when the admin sends back the masked value, and refuses another masked value', async () => {
    const res = await admin.post('/api/stripe/config', {
      stripePublicKey: PUBLIC_KEY,
      stripeSecretKey: 'sk_test_…9876',
      enableSubscriptions: true,
      subscriptionPriceId: 'price_1Monthly',
      testMode: true,
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ secretKey: 'sk_test_…9876', subscriptionEnabled: true, subscriptionPriceId: 'price_1Monthly' })

    const wrongMask = await admin.post('/api/stripe/config', { stripePublicKey: PUBLIC_KEY, stripeSecretKey: 'sk_test_…0000' })
    expect(wrongMask.status).toBe(400)
    expect(wrongMask.body.message).toBe('Please enter the full Stripe Secret Key.')

    // The key still works: the SDK sends the decrypted original to Stripe.
    const test = await admin.post('/api/stripe/test-connection')
    expect(test.status).toBe(200)
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/account', apiKey: STORED_SECRET })
  })
})

describe('POST /api/stripe/test-connection', () => {
  it('retrieves the account with the stored key and answers its name', async () => {
    const res = await admin.post('/api/stripe/test-connection')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, accountName: 'Academy Test Account' })
  })

  it('answers 403 to a family and 401 to a visitor without calling Stripe', async () => {
    const calls = standIn.requests.length
    expect((await family.post('/api/stripe/test-connection')).status).toBe(403)
    expect((await new ApiClient(app.url).post('/api/stripe/test-connection')).status).toBe(401)
    expect(standIn.requests).toHaveLength(calls)
  })

  it('answers 502 with Stripe’s reason when Stripe refuses the key, without echoing the key', async () => {
    expect((await admin.post('/api/stripe/config', { stripePublicKey: PUBLIC_KEY, stripeSecretKey: REFUSED_SECRET })).status).toBe(200)
    const res = await admin.post('/api/stripe/test-connection')
    expect(res.status).toBe(502)
    expect(res.body.message).toBe('Failed to connect to Stripe')
    expect(res.body.error).toContain('Invalid API Key provided')
    expect(JSON.stringify(res.body)).not.toContain(REFUSED_SECRET)
    expect(standIn.requests.at(-1)!.apiKey).toBe(REFUSED_SECRET)
    // Back to the working key for the tests below.
    expect((await admin.post('/api/stripe/config', { stripePublicKey: PUBLIC_KEY, stripeSecretKey: STORED_SECRET })).status).toBe(200)
  })
})

describe('POST /api/stripe/toggle-payments', () => {
  it('refuses a family with 403 and a visitor with 401, and validates the flag', async () => {
    const before = await rawConfigRow()
    expect((await family.post('/api/stripe/toggle-payments', { paymentsDisabled: true })).status).toBe(403)
    expect((await new ApiClient(app.url).post('/api/stripe/toggle-payments', { paymentsDisabled: true })).status).toBe(401)
    const bad = await admin.post('/api/stripe/toggle-payments', { paymentsDisabled: 'yes' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('paymentsDisabled must be true or false')
    expect(await rawConfigRow()).toBe(before)
  })

  it('applies at once: disabled payments block create-payment-intent with 403, enabling lets it through', async () => {
    const off = await admin.post('/api/stripe/toggle-payments', { paymentsDisabled: true })
    expect(off.status).toBe(200)
    expect(off.body).toEqual({ paymentsDisabled: true })
    expect((await family.get('/api/stripe/config')).body.paymentsDisabled).toBe(true)

    const creations = standIn.creations
    const refused = await family.post('/api/stripe/create-payment-intent', { invoiceId: familyInvoiceId })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Payments are currently disabled')
    expect(standIn.creations).toBe(creations)

    const on = await admin.post('/api/stripe/toggle-payments', { paymentsDisabled: false })
    expect(on.body).toEqual({ paymentsDisabled: false })
    const allowed = await family.post('/api/stripe/create-payment-intent', { invoiceId: familyInvoiceId })
    expect(allowed.status).toBe(200)
    expect(allowed.body.paymentIntentId).toMatch(/^pi_/)
    expect(standIn.creations).toBe(creations + 1)
    // The decrypted stored key made the call.
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/payment_intents', apiKey: STORED_SECRET })
  })
})

describe('a stored key that cannot be decrypted', () => {
  it('counts as not configured (503), e.g. after PAYLOAD_SECRET changed', async () => {
    await app.payload.updateGlobal({
      slug: 'payment-config',
      data: { secretKeyEncrypted: 'v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      overrideAccess: true,
    })
    const res = await family.post('/api/stripe/create-payment-intent', { invoiceId: familyInvoiceId })
    expect(res.status).toBe(503)
    expect(res.body.message).toBe('Card payments are not configured yet. Please contact the academy.')
    expect((await admin.get('/api/stripe/config')).body).toMatchObject({ secretKey: null, secretKeySource: null })
  })
})
