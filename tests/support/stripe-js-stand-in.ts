import type { Page } from '@playwright/test'

/**
 * A small browser stand-in for Stripe.js (https://js.stripe.com), served to the page through
 * Playwright's page.route: the subset the billing page uses — Stripe(), elements(), the 'card'
 * element (mount, on/off/once 'ready' and 'change', update, clear, destroy), createPaymentMethod,
 * confirmCardPayment (with its 3D Secure step), handleCardAction and retrievePaymentIntent; and
 * for saving a card, the 'payment' element (the Payment Element, cards only, with the same
 * fields as the card box) with elements.submit(), confirmSetup (3D Secure included) and
 * retrieveSetupIntent.
 *
 * It decides nothing about cards itself: every call goes, as with the real Stripe.js, to
 * https://api.stripe.com (allowed by the page's CSP), which the route below forwards to the
 * local Stripe API stand-in (tests/support/stripe-stand-in.ts) that the app's server talks to.
 * So 4242… succeeds, 4000 0000 0000 0002 is declined and 4000 0027 6000 3184 asks for
 * 3D Secure in one place, for the browser and the server alike.
 */

/**
 * Runs in the page, serialised with toString(): self-contained, no imports, no outer names.
 * `release` is the Stripe.js version the page asked for (`/endive/stripe.js` → 'endive').
 */
function installStripeJsStandIn(release: string): void {
  type Json = Record<string, any>
  type Listener = (event?: unknown) => void
  type StripeErrorLike = { type: string; code?: string; message: string; [key: string]: unknown }
  const API = 'https://api.stripe.com'

  function encode(params: Json, prefix = '', out = new URLSearchParams()): URLSearchParams {
    for (const key of Object.keys(params)) {
      const value = params[key]
      if (value === undefined || value === null) continue
      const name = prefix ? `${prefix}[${key}]` : key
      if (typeof value === 'object') encode(value as Json, name, out)
      else out.append(name, String(value))
    }
    return out
  }

  /** Stripe.js sends the publishable key as `key`, form-encoded: a simple CORS request, no preflight. */
  async function call(publishableKey: string, method: 'GET' | 'POST', path: string, params: Json): Promise<{ body?: Json; error?: StripeErrorLike }> {
    const query = encode(Object.assign({}, params, { key: publishableKey }))
    let response: Response
    try {
      response = method === 'GET' ? await fetch(`${API}${path}?${query.toString()}`) : await fetch(`${API}${path}`, { method: 'POST', body: query })
    } catch {
      return { error: { type: 'api_connection_error', message: 'An error occurred with our connection to Stripe. Request was retried 0 times.' } }
    }
    const json = (await response.json().catch(() => ({}))) as Json
    if (response.ok) return { body: json }
    return { error: (json.error as StripeErrorLike) ?? { type: 'api_error', message: `Stripe answered ${response.status}` } }
  }

  // ---- the card element -------------------------------------------------------------------

  type CardData = { number: string; expMonth: number; expYear: number; cvc: string; postalCode: string }
  type CardState = { empty: boolean; complete: boolean; error: StripeErrorLike | null; data: CardData; brand: string }

  function luhn(digits: string): boolean {
    let sum = 0
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i])
      if (i % 2 === 1) {
        d *= 2
        if (d > 9) d -= 9
      }
      sum += d
    }
    return sum % 10 === 0
  }

  const validation = (code: string, message: string): StripeErrorLike => ({ type: 'validation_error', code, message })

  function createCardElement(registry: { remove: (card: unknown) => void }, initialOptions: Json, elementType = 'card') {
    const listeners = new Map<string, Set<Listener>>()
    let options: Json = Object.assign({}, initialOptions)
    let root: HTMLElement | null = null
    let inputs: { number: HTMLInputElement; expiry: HTMLInputElement; cvc: HTMLInputElement; postal: HTMLInputElement } | null = null
    let ready = false
    let destroyed = false
    let touched = false
    let errorLine: HTMLElement | null = null

    function emit(event: string, payload?: unknown) {
      for (const listener of Array.from(listeners.get(event) ?? [])) listener(payload)
    }

    function state(final: boolean): CardState {
      const raw = {
        number: (inputs?.number.value ?? '').replace(/\D/g, ''),
        expiry: (inputs?.expiry.value ?? '').replace(/\D/g, ''),
        cvc: (inputs?.cvc.value ?? '').replace(/\D/g, ''),
        postal: (inputs?.postal.value ?? '').trim(),
      }
      const now = new Date()
      const expMonth = Number(raw.expiry.slice(0, 2))
      const expYear = 2000 + Number(raw.expiry.slice(2, 4))
      const data: CardData = { number: raw.number, expMonth, expYear, cvc: raw.cvc, postalCode: raw.postal }
      const brand = raw.number.startsWith('4') ? 'visa' : /^5[1-5]/.test(raw.number) ? 'mastercard' : /^3[47]/.test(raw.number) ? 'amex' : 'unknown'
      const numberLength = brand === 'amex' ? 15 : 16
      const empty = !raw.number && !raw.expiry && !raw.cvc && !raw.postal
      let error: StripeErrorLike | null = null
      // Errors that are certain as soon as typed, then (on leaving the box, or paying) what is missing.
      if (raw.number.length >= numberLength && !luhn(raw.number)) error = validation('invalid_number', 'Your card number is invalid.')
      else if (raw.expiry.length >= 2 && (expMonth < 1 || expMonth > 12)) error = validation('invalid_expiry_month', "Your card's expiration date is invalid.")
      else if (raw.expiry.length === 4 && (expYear < now.getFullYear() || (expYear === now.getFullYear() && expMonth < now.getMonth() + 1))) {
        error = validation('invalid_expiry_year_past', "Your card's expiration year is in the past.")
      } else if (final) {
        if (raw.number.length < numberLength) error = validation('incomplete_number', 'Your card number is incomplete.')
        else if (raw.expiry.length < 4) error = validation('incomplete_expiry', "Your card's expiration date is incomplete.")
        else if (raw.cvc.length < 3) error = validation('incomplete_cvc', "Your card's security code is incomplete.")
        else if (options.hidePostalCode !== true && raw.postal.length < 5) error = validation('incomplete_zip', 'Your postal code is incomplete.')
      }
      const complete =
        !error &&
        raw.number.length >= numberLength &&
        raw.expiry.length === 4 &&
        raw.cvc.length >= 3 &&
        (options.hidePostalCode === true || raw.postal.length >= 5)
      return { empty, complete, error, data, brand }
    }

    function changed() {
      const current = state(touched)
      if (errorLine) errorLine.textContent = current.error?.message ?? ''
      emit(
        'change',
        elementType === 'payment'
          ? { elementType, empty: current.empty, complete: current.complete, collapsed: false, value: { type: 'card' } }
          : {
              elementType,
              empty: current.empty,
              complete: current.complete,
              error: current.error ?? undefined,
              brand: current.brand,
              value: { postalCode: current.data.postalCode },
            },
      )
    }

    function applyOptions() {
      if (!inputs) return
      const base = ((options.style as Json | undefined)?.base ?? {}) as Json
      for (const input of Object.values(inputs)) {
        input.disabled = options.disabled === true
        input.style.color = String(base.color ?? '#1f1a24')
        input.style.fontSize = String(base.fontSize ?? '16px')
      }
      inputs.postal.hidden = options.hidePostalCode === true
    }

    function formatGroups(input: HTMLInputElement, groups: number[], maxDigits: number) {
      const digits = input.value.replace(/\D/g, '').slice(0, maxDigits)
      const parts: string[] = []
      let at = 0
      for (const size of groups) {
        if (at >= digits.length) break
        parts.push(digits.slice(at, at + size))
        at += size
      }
      input.value = parts.join(groups.length === 2 ? ' / ' : ' ')
    }

    function field(label: string, placeholder: string, autocomplete: string, width: string): HTMLInputElement {
      const input = document.createElement('input')
      input.type = 'text'
      input.inputMode = autocomplete === 'postal-code' ? 'text' : 'numeric'
      input.setAttribute('autocomplete', autocomplete)
      input.placeholder = placeholder
      input.setAttribute('aria-label', label)
      // The page's CSP allows no style attributes; styles set through the CSSOM are fine.
      Object.assign(input.style, { border: '0', background: 'transparent', padding: '2px 0', minWidth: '0', width, fontFamily: 'inherit' })
      input.addEventListener('input', () => changed())
      return input
    }

    const card = {
      mount(target: string | HTMLElement) {
        if (destroyed) throw new Error('This Element has already been destroyed. Please create a new one.')
        const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target
        if (!host) throw new Error(`The selector you specified (${String(target)}) applies to no DOM elements that are currently on the page.`)
        if (root) throw new Error('This Element is already mounted. Use `unmount()` first.')
        root = document.createElement('div')
        root.className = 'StripeElement StripeElement--standIn'
        if (elementType === 'payment') {
          // The Payment Element shows its own validation messages under its fields.
          errorLine = document.createElement('p')
          errorLine.setAttribute('role', 'alert')
          Object.assign(errorLine.style, { width: '100%', margin: '0', color: '#991b1b', fontSize: '14px' })
        }
        Object.assign(root.style, { display: 'flex', flexWrap: 'wrap', gap: '8px 12px', alignItems: 'center' })
        inputs = {
          number: field('Credit or debit card number', '1234 1234 1234 1234', 'cc-number', '100%'),
          expiry: field('Credit or debit card expiration date', 'MM / YY', 'cc-exp', '5.5em'),
          cvc: field('Credit or debit card CVC/CVV', 'CVC', 'cc-csc', '4em'),
          postal: field('ZIP', 'ZIP', 'postal-code', '6em'),
        }
        const all = inputs
        all.number.addEventListener('input', () => formatGroups(all.number, [4, 4, 4, 4, 3], 19))
        all.expiry.addEventListener('input', () => formatGroups(all.expiry, [2, 2], 4))
        all.cvc.addEventListener('input', () => (all.cvc.value = all.cvc.value.replace(/\D/g, '').slice(0, 4)))
        root.addEventListener('focusout', (event) => {
          if (root && event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return
          touched = !state(false).empty
          changed()
        })
        root.append(all.number, all.expiry, all.cvc, all.postal)
        if (errorLine) root.append(errorLine)
        host.appendChild(root)
        applyOptions()
        // Like the real iframe, the box is ready a moment after mounting.
        setTimeout(() => {
          ready = true
          emit('ready', { elementType })
        }, 50)
      },
      on(event: string, listener: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set())
        listeners.get(event)!.add(listener)
        if (event === 'ready' && ready) setTimeout(() => listener({ elementType }), 0)
        return card
      },
      once(event: string, listener: Listener) {
        const wrapped: Listener = (payload) => {
          card.off(event, wrapped)
          listener(payload)
        }
        return card.on(event, wrapped)
      },
      off(event: string, listener?: Listener) {
        if (listener) listeners.get(event)?.delete(listener)
        else listeners.delete(event)
        return card
      },
      update(next: Json) {
        options = Object.assign({}, options, next)
        applyOptions()
      },
      clear() {
        if (!inputs) return
        for (const input of Object.values(inputs)) input.value = ''
        touched = false
        changed()
      },
      focus() {
        inputs?.number.focus()
      },
      blur() {
        ;(document.activeElement as HTMLElement | null)?.blur()
      },
      unmount() {
        root?.remove()
        root = null
        inputs = null
        ready = false
      },
      destroy() {
        card.unmount()
        destroyed = true
        listeners.clear()
        registry.remove(card)
      },
      /** Stand-in internals for createPaymentMethod / confirmCardPayment. */
      _collect(): CardState {
        touched = true
        const current = state(true)
        changed()
        return current
      },
    }
    return card
  }
  type CardElementStandIn = ReturnType<typeof createCardElement>

  function createElements(elementsOptions: Json = {}) {
    const created = new Map<string, CardElementStandIn>()
    const elements = {
      create(type: string, options: Json = {}) {
        if (type !== 'card' && type !== 'payment') throw new Error(`The Stripe.js stand-in implements only the 'card' and 'payment' elements, not '${type}'.`)
        if (created.has(type)) throw new Error(`Can only create one Element of type ${type}.`)
        const element = createCardElement({ remove: (gone) => (created.get(type) === gone ? created.delete(type) : null) }, options, type)
        created.set(type, element)
        return element
      },
      getElement(typeOrComponent: string | { __elementType?: string }) {
        const type = typeof typeOrComponent === 'string' ? typeOrComponent : typeOrComponent?.__elementType
        return (type && created.get(type)) ?? null
      },
      /** Validates the Payment Element before confirming, as Stripe.js does. */
      async submit() {
        const payment = created.get('payment')
        if (!payment) return { error: { type: 'validation_error', message: 'The Payment Element is not mounted.' } }
        const collected = payment._collect()
        return collected.error ? { error: collected.error } : {}
      },
      update() {},
      fetchUpdates: async () => ({}),
      /** Stand-in internals for confirmSetup: the client secret the Elements group was made with. */
      _clientSecret: typeof elementsOptions.clientSecret === 'string' ? elementsOptions.clientSecret : null,
    }
    return elements
  }
  type ElementsStandIn = ReturnType<typeof createElements>

  // ---- 3D Secure ----------------------------------------------------------------------------

  /** Stripe's test authentication page, reduced to its one decision: the customer completes it. */
  function authenticate(): Promise<void> {
    return new Promise((resolve) => {
      const overlay = document.createElement('div')
      Object.assign(overlay.style, {
        position: 'fixed',
        inset: '0',
        zIndex: '2147483647',
        background: 'rgba(0,0,0,0.55)',
        display: 'grid',
        placeItems: 'center',
        padding: '16px',
      })
      const dialog = document.createElement('div')
      dialog.setAttribute('role', 'dialog')
      dialog.setAttribute('aria-modal', 'true')
      dialog.setAttribute('aria-labelledby', 'stripe-stand-in-3ds-title')
      Object.assign(dialog.style, {
        background: '#fff',
        color: '#111',
        borderRadius: '12px',
        padding: '24px',
        maxWidth: '360px',
        fontFamily: 'system-ui, sans-serif',
      })
      const title = document.createElement('h2')
      title.id = 'stripe-stand-in-3ds-title'
      title.textContent = '3D Secure authentication'
      const text = document.createElement('p')
      text.textContent = 'Test mode: your bank asks you to confirm this payment.'
      const complete = document.createElement('button')
      complete.type = 'button'
      complete.textContent = 'Complete authentication'
      Object.assign(complete.style, {
        marginTop: '16px',
        padding: '10px 16px',
        background: '#0a2540',
        color: '#fff',
        border: '0',
        borderRadius: '8px',
        fontSize: '16px',
      })
      complete.addEventListener('click', () => {
        overlay.remove()
        resolve()
      })
      dialog.append(title, text, complete)
      overlay.append(dialog)
      document.body.append(overlay)
      complete.focus()
    })
  }

  // ---- Stripe() -------------------------------------------------------------------------------

  function intentIdOf(clientSecret: unknown): string | null {
    const match = typeof clientSecret === 'string' ? /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(clientSecret) : null
    return match ? match[1]! : null
  }

  function setupIntentIdOf(clientSecret: unknown): string | null {
    const match = typeof clientSecret === 'string' ? /^(seti_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(clientSecret) : null
    return match ? match[1]! : null
  }

  const invalidSecret = (method: string): { error: StripeErrorLike } => ({
    error: {
      type: 'invalid_request_error',
      code: 'invalid_client_secret',
      message: `Invalid value for ${method}: clientSecret should be a client secret of the form \${id}_secret_\${secret}.`,
    },
  })

  function StripeStandIn(publishableKey: string) {
    if (typeof publishableKey !== 'string' || !/^pk_(test|live)_/.test(publishableKey))
      throw new Error('Invalid API Key provided: a publishable key (pk_…) is required.')
    const api = (method: 'GET' | 'POST', path: string, params: Json) => call(publishableKey, method, path, params)

    function cardParams(card: CardElementStandIn): { params?: Json; error?: StripeErrorLike } {
      const collected = card._collect()
      if (collected.error) return { error: collected.error }
      const d = collected.data
      return { params: { number: d.number, exp_month: d.expMonth, exp_year: d.expYear, cvc: d.cvc }, error: undefined }
    }

    function postalOf(card: CardElementStandIn): string {
      return card._collect().data.postalCode
    }

    async function finishNextAction(intent: Json, clientSecret: string): Promise<{ paymentIntent?: Json; error?: StripeErrorLike }> {
      await authenticate()
      const id = intentIdOf(clientSecret)!
      const confirmed = await api('POST', `/v1/payment_intents/${id}/confirm`, { client_secret: clientSecret })
      if (confirmed.error) return { error: confirmed.error }
      return { paymentIntent: confirmed.body ?? intent }
    }

    return {
      elements: (options?: Json) => createElements(options ?? {}),

      /**
       * Saves the Payment Element's card on the SetupIntent the Elements group was made with
       * (or `clientSecret`): 3D Secure when the card asks for it; with redirect 'if_required'
       * the answer comes back here, as with cards in the real Stripe.js.
       */
      async confirmSetup(arg: { elements?: ElementsStandIn; clientSecret?: string; confirmParams?: Json; redirect?: string }) {
        const elements = arg?.elements
        const clientSecret = arg?.clientSecret ?? elements?._clientSecret ?? null
        const id = setupIntentIdOf(clientSecret)
        if (!id) return invalidSecret('stripe.confirmSetup')
        const payment = elements?.getElement('payment')
        if (!payment)
          return { error: { type: 'invalid_request_error', message: 'stripe.confirmSetup needs the elements group with a mounted Payment Element.' } }
        if (arg.redirect !== 'if_required' && !arg.confirmParams?.return_url) {
          return {
            error: {
              type: 'invalid_request_error',
              message: "stripe.confirmSetup(): the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`",
            },
          }
        }
        const card = cardParams(payment)
        if (card.error) return { error: card.error }
        const params: Json = {
          client_secret: clientSecret,
          payment_method_data: {
            type: 'card',
            card: card.params,
            billing_details: Object.assign({}, arg.confirmParams?.payment_method_data?.billing_details ?? {}),
          },
        }
        if (arg.confirmParams?.return_url) params.return_url = arg.confirmParams.return_url
        const confirmed = await api('POST', `/v1/setup_intents/${id}/confirm`, params)
        if (confirmed.error) return { error: confirmed.error }
        if (confirmed.body!.status !== 'requires_action') return { setupIntent: confirmed.body }
        await authenticate()
        const finished = await api('POST', `/v1/setup_intents/${id}/confirm`, { client_secret: clientSecret })
        return finished.error ? { error: finished.error } : { setupIntent: finished.body }
      },

      async retrieveSetupIntent(clientSecret: string) {
        const id = setupIntentIdOf(clientSecret)
        if (!id) return invalidSecret('stripe.retrieveSetupIntent')
        const current = await api('GET', `/v1/setup_intents/${id}`, { client_secret: clientSecret })
        return current.error ? { error: current.error } : { setupIntent: current.body }
      },

      async createPaymentMethod(arg: Json | string, maybeCard?: CardElementStandIn, maybeData?: Json) {
        const data: Json = typeof arg === 'string' ? Object.assign({ type: arg, card: maybeCard }, maybeData ?? {}) : arg
        if (data.type !== 'card' || !data.card || typeof data.card._collect !== 'function') {
          return { error: { type: 'invalid_request_error', message: 'The Stripe.js stand-in creates card payment methods from its card element only.' } }
        }
        const card = cardParams(data.card)
        if (card.error) return { error: card.error }
        const billing = Object.assign({}, data.billing_details ?? {}) as Json
        billing.address = Object.assign({}, billing.address ?? {}, { postal_code: postalOf(data.card) || undefined })
        const created = await api('POST', '/v1/payment_methods', { type: 'card', card: card.params, billing_details: billing })
        return created.error ? { error: created.error } : { paymentMethod: created.body }
      },

      async confirmCardPayment(clientSecret: string, data: Json = {}, options: Json = {}) {
        const id = intentIdOf(clientSecret)
        if (!id) return invalidSecret('stripe.confirmCardPayment')
        const params: Json = { client_secret: clientSecret }
        const method = data.payment_method
        if (typeof method === 'string') params.payment_method = method
        else if (method && method.card && typeof method.card._collect === 'function') {
          const card = cardParams(method.card)
          if (card.error) return { error: card.error }
          params.payment_method_data = { type: 'card', card: card.params, billing_details: method.billing_details ?? {} }
        }
        const confirmed = await api('POST', `/v1/payment_intents/${id}/confirm`, params)
        if (confirmed.error) return { error: confirmed.error }
        const intent = confirmed.body!
        if (intent.status === 'requires_action' && options.handleActions !== false) return finishNextAction(intent, clientSecret)
        return { paymentIntent: intent }
      },

      async handleCardAction(clientSecret: string) {
        const id = intentIdOf(clientSecret)
        if (!id) return invalidSecret('stripe.handleCardAction')
        const current = await api('GET', `/v1/payment_intents/${id}`, { client_secret: clientSecret })
        if (current.error) return { error: current.error }
        if (current.body!.status !== 'requires_action') return { paymentIntent: current.body }
        return finishNextAction(current.body!, clientSecret)
      },

      async retrievePaymentIntent(clientSecret: string) {
        const id = intentIdOf(clientSecret)
        if (!id) return invalidSecret('stripe.retrievePaymentIntent')
        const current = await api('GET', `/v1/payment_intents/${id}`, { client_secret: clientSecret })
        return current.error ? { error: current.error } : { paymentIntent: current.body }
      },

      async createToken() {
        return { error: { type: 'invalid_request_error', message: 'createToken is not part of the Stripe.js stand-in.' } }
      },

      registerAppInfo() {},
      _registerWrapper() {},
    }
  }

  // @stripe/stripe-js compares this with the release it expects (3 means the old /v3 URL).
  const factory = Object.assign(StripeStandIn, { version: release === 'v3' ? 3 : release })
  ;(window as unknown as { Stripe: unknown }).Stripe = factory
}

/** The script served for https://js.stripe.com/<release>/stripe.js (or /v3). */
export function stripeJsStandInScript(url: string): string {
  const path = new URL(url).pathname
  const release = /^\/([a-z0-9]+)(\/stripe\.js)?\/?$/.exec(path)?.[1] ?? 'v3'
  return `(${installStripeJsStandIn.toString()})(${JSON.stringify(release)});`
}

/**
 * Puts the stand-ins in front of the page: Stripe.js from js.stripe.com, and every call to
 * api.stripe.com forwarded to the local Stripe API stand-in at `apiBase`. Any other Stripe
 * host (telemetry, fraud signals) is refused, so a test never reaches the internet.
 */
export async function routeStripeStandIns(page: Page, { apiBase }: { apiBase: string }): Promise<void> {
  // Playwright tries the most recently added route first: the catch-all goes in first.
  await page.route(/^https:\/\/([a-z0-9-]+\.)*stripe\.(com|network)\//, (route) => route.abort('blockedbyclient'))
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: stripeJsStandInScript(route.request().url()) }),
  )
  await page.route(/^https:\/\/api\.stripe\.com\//, async (route) => {
    const request = route.request()
    const cors = {
      'access-control-allow-origin': request.headers().origin ?? '*',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-methods': 'GET, POST',
    }
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors })
    const url = new URL(request.url())
    const response = await route.fetch({ url: `${apiBase}${url.pathname}${url.search}` })
    return route.fulfill({ response, headers: { ...response.headers(), ...cors } })
  })
}
