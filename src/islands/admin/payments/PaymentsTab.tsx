import { useId, useState, type FormEvent } from 'react'

import { stripeConfigSchema, type AdminStripeConfigDto } from '#api/payments/schemas'
import { useSaveStripeConfig } from '#islands/api/payments/admin-save-stripe-config'
import { useAdminStripeConfig } from '#islands/api/payments/admin-stripe-config'
import { useTestStripeConnection } from '#islands/api/payments/admin-test-stripe-connection'
import { useTogglePayments } from '#islands/api/payments/admin-toggle-payments'
import { ErrorAlert, ErrorCard, SuccessAlert } from '#islands/components/ui/Alert'
import { Switch } from '#islands/components/ui/Switch'
import { TextField } from '#islands/components/ui/Field'
import { serverFieldErrors, validate, type FieldErrors } from '#islands/lib/form'
import { ApiError } from '#islands/lib/http'
import { Loading } from '#islands/components/ui/LoadState'
import { useLoadFailureToast, useNotify } from '#islands/components/ui/Toast'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { BUTTON, CARD } from '#islands/components/ui/styles'

const LOAD_FAILED = 'Failed to load Stripe configuration. Please try again.'
const FIELDS = ['stripePublicKey', 'stripeSecretKey', 'enableSubscriptions', 'subscriptionPriceId', 'testMode'] as const

export function PaymentsTab() {
  const config = useAdminStripeConfig()
  useLoadFailureToast(config.isError, LOAD_FAILED)
  return (
    <section aria-labelledby="payments-heading">
      <SectionHeader id="payments-heading" title="Payments">
        Card payments through Stripe: the global switch, the keys, and test or live mode.
      </SectionHeader>
      {config.isPending ? (
        <Loading label="Loading payment settings…" />
      ) : config.isError ? (
        <ErrorCard retryLabel="Try again" message={LOAD_FAILED} onRetry={() => config.refetch()} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[1fr_1.4fr]">
          <div className="space-y-4">
            {cardPaymentsSetUp(config.data) ? <PaymentsSwitch config={config.data} /> : <NotSetUp />}
            <ConnectionTest configured={config.data.secretKey !== null} />
          </div>
          <StripeConfigForm key={savedSettingsKey(config.data)} config={config.data} />
        </div>
      )}
    </section>
  )
}

/** Card payments need both keys: the secret one for the server, the publishable one for the card form. */
function cardPaymentsSetUp(config: AdminStripeConfigDto): boolean {
  return config.secretKey !== null && config.publicKey !== null
}

/**
 * Without Stripe keys no family can pay by card whatever the switch says (issue 23): the tab
 * says so and what to do, and shows no switch that would read "enabled".
 */
function NotSetUp() {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-amber-300 bg-amber-50 p-4 shadow-sm">
      <h3 id={`${id}-title`} className="font-semibold text-amber-950">
        Card payments are not set up
      </h3>
      <p className="mt-1 text-sm text-gray-800">Families cannot pay invoices by card until the academy’s Stripe keys are added.</p>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-gray-800">
        <li>In the Stripe dashboard, open Developers → API keys and copy the publishable key (pk_…) and the secret key (sk_…).</li>
        <li>
          Paste both into Stripe configuration and press Save Configuration; or set <code>STRIPE_PUBLISHABLE_KEY</code> and <code>STRIPE_SECRET_KEY</code> on
          the server (they take precedence; see .env.example and docs/operations.md) and restart it.
        </li>
        <li>
          Set <code>STRIPE_WEBHOOK_SECRET</code> on the server so Stripe’s payment notices are verified, then press Test Connection.
        </li>
      </ol>
    </section>
  )
}

/** Spec §4 "Global payments": applies at once, reverts when the call fails. */
function PaymentsSwitch({ config }: { config: AdminStripeConfigDto }) {
  const id = useId()
  const toggle = useTogglePayments()
  const notify = useNotify()
  const enabled = !config.paymentsDisabled

  function onChange(accept: boolean) {
    toggle.mutate(!accept, {
      onSuccess: ({ paymentsDisabled }) =>
        notify(
          paymentsDisabled
            ? { title: 'Payments Disabled', text: 'Families cannot pay invoices by card until you turn payments back on.' }
            : { title: 'Payments Re-enabled', text: 'Families can pay their invoices by card again.' },
        ),
      onError: () => notify({ title: 'Error', text: 'Failed to update payment status. Please try again.', tone: 'error' }),
    })
  }

  return (
    <div className={CARD}>
      <Switch
        id={`${id}-payments`}
        label="Accept card payments"
        checked={enabled}
        onChange={onChange}
        disabled={toggle.isPending}
        describedBy={`${id}-payments-state`}
      />
      <p id={`${id}-payments-state`} className="mt-2 text-sm text-gray-700">
        {enabled ? 'Payments are enabled: families can pay invoices by card.' : 'Payments are disabled: families see that payments are currently disabled.'}
      </p>
    </div>
  )
}

/** The form starts over when the saved settings change, not when the payments switch moves. */
function savedSettingsKey(config: AdminStripeConfigDto): string {
  return JSON.stringify([config.publicKey, config.secretKey, config.testMode, config.subscriptionEnabled, config.subscriptionPriceId])
}

function ConnectionTest({ configured }: { configured: boolean }) {
  const test = useTestStripeConnection()
  const notify = useNotify()

  function run() {
    test.mutate(undefined, {
      onSuccess: ({ accountName }) => notify({ title: 'Connection Successful', text: `Connected to Stripe successfully. Account: ${accountName}` }),
      onError: (error) => notify({ title: 'Failed to connect to Stripe', text: connectionDetail(error), tone: 'error' }),
    })
  }

  return (
    <div className={CARD}>
      <h3 className="font-semibold">Connection</h3>
      <p className="mt-1 text-sm text-gray-700">
        {configured ? 'Checks that Stripe accepts the saved secret key.' : 'Save your Stripe keys first, then test the connection.'}
      </p>
      <button type="button" className={`${BUTTON.secondary} mt-3`} onClick={run} disabled={test.isPending}>
        {test.isPending ? 'Testing…' : 'Test Connection'}
      </button>
      {test.isSuccess ? (
        <div className="mt-3">
          <SuccessAlert>Connected to Stripe successfully. Account: {test.data.accountName}</SuccessAlert>
        </div>
      ) : test.isError ? (
        <div className="mt-3">
          <ErrorAlert title="Failed to connect to Stripe">{connectionDetail(test.error)}</ErrorAlert>
        </div>
      ) : null}
    </div>
  )
}

function connectionDetail(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Please try again.'
  const body = error.body as { error?: unknown } | null
  if (body && typeof body.error === 'string' && body.error) return body.error
  return error.serverMessage ?? error.message
}

function StripeConfigForm({ config }: { config: AdminStripeConfigDto }) {
  const id = useId()
  const save = useSaveStripeConfig()
  const notify = useNotify()
  const [subscriptions, setSubscriptions] = useState(config.subscriptionEnabled)
  const [testMode, setTestMode] = useState(config.testMode)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const form = new FormData(event.currentTarget)
    const checked = validate(stripeConfigSchema, {
      stripePublicKey: String(form.get('stripePublicKey') ?? ''),
      stripeSecretKey: String(form.get('stripeSecretKey') ?? ''),
      enableSubscriptions: subscriptions,
      subscriptionPriceId: subscriptions ? String(form.get('subscriptionPriceId') ?? '') : null,
      testMode,
    })
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    try {
      await save.mutateAsync(checked.data)
      notify({ title: 'Stripe Configuration Updated', text: 'The payment settings have been saved.' })
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, FIELDS))
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please check your connection and try again.')
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className={`${CARD} space-y-4`} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        Stripe configuration
      </h3>
      {failure ? <ErrorAlert title="Failed to update Stripe configuration">{failure}</ErrorAlert> : null}
      <TextField
        id={`${id}-public`}
        name="stripePublicKey"
        label="Stripe Public Key"
        defaultValue={config.publicKey ?? ''}
        placeholder="pk_test_…"
        autoComplete="off"
        spellCheck={false}
        error={errors.stripePublicKey}
        hint="The publishable key from the Stripe dashboard (Developers → API keys)."
      />
      <TextField
        id={`${id}-secret`}
        name="stripeSecretKey"
        label="Stripe Secret Key"
        defaultValue={config.secretKey ?? ''}
        placeholder="sk_test_…"
        autoComplete="off"
        spellCheck={false}
        error={errors.stripeSecretKey}
        hint={
          config.secretKeySource === 'environment'
            ? 'The server’s STRIPE_SECRET_KEY setting is in use and overrides the key saved here.'
            : config.secretKey
              ? 'Shown masked. Keep it as it is to keep the saved key, or paste a new one. It is stored encrypted and never shown again.'
              : 'Stored encrypted and never shown again.'
        }
      />
      <Switch
        id={`${id}-test-mode`}
        label={testMode ? 'Test mode' : 'Live mode'}
        checked={testMode}
        onChange={setTestMode}
        describedBy={`${id}-test-mode-hint`}
      />
      <p id={`${id}-test-mode-hint`} className="-mt-2 text-sm text-gray-700">
        {testMode ? 'Test mode: no real money moves, and the billing page lists Stripe’s test cards.' : 'Live mode: cards are really charged.'}
      </p>
      <div className="flex items-center gap-3">
        <input
          id={`${id}-subscriptions`}
          type="checkbox"
          checked={subscriptions}
          onChange={(event) => setSubscriptions(event.target.checked)}
          className="h-5 w-5 accent-brand-700"
        />
        <label htmlFor={`${id}-subscriptions`} className="font-semibold">
          Enable subscriptions
        </label>
      </div>
      {subscriptions ? (
        <TextField
          id={`${id}-price`}
          name="subscriptionPriceId"
          label="Subscription Price ID (optional)"
          defaultValue={config.subscriptionPriceId ?? ''}
          placeholder="price_…"
          autoComplete="off"
          error={errors.subscriptionPriceId}
        />
      ) : null}
      <p className="text-sm text-gray-700">
        Webhook:{' '}
        {config.webhookConfigured ? 'STRIPE_WEBHOOK_SECRET is set; Stripe’s payment notices are verified.' : 'STRIPE_WEBHOOK_SECRET is not set on the server.'}
      </p>
      <div className="flex justify-end">
        <button type="submit" className={BUTTON.primary} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Configuration'}
        </button>
      </div>
    </form>
  )
}
