import { useEffect, useId, useState, type FormEvent } from 'react'
import { z } from 'zod'

import { newPasswordSchema } from '#api/accounts/password.schemas'
import { AUTH_MESSAGES, phoneSchema, usernameSchema } from '#api/accounts/auth.schemas'
import { HOUSEHOLD_MESSAGES, type InvitePreviewDto } from '#api/households/schemas'
import { acceptInvite, previewInvite } from './api/households/household'
import { logout } from './api/accounts/logout'
import { SubmitButton } from '#islands/components/ui/Button'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { TextField } from '#islands/components/ui/Field'
import { Loading } from '#islands/components/ui/LoadState'
import { QueryProvider } from './components/QueryProvider'
import { ApiError, errorMessage } from './lib/http'
import { serverFieldErrors, validate, type FieldErrors } from './lib/form'

const accountFormSchema = z
  .object({
    fullName: z.string().trim().min(1, AUTH_MESSAGES.fullNameRequired).max(120, AUTH_MESSAGES.fullNameTooLong),
    username: usernameSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, "Passwords don't match"),
    phone: phoneSchema,
  })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: "Passwords don't match" })

const ACCESS_WORDS = { full: 'full access', view: 'view and attendance access' } as const

/** Who is signed in on the page, if anyone: only the invited address may join. */
type Viewer = { fullName: string; email: string; isStaff: boolean }
type Props = { token: string | null; viewer: Viewer | null }
type Screen = { kind: 'loading' } | { kind: 'invalid'; message: string } | { kind: 'ready'; invite: InvitePreviewDto }

function JoinHousehold({ token, viewer }: Props) {
  const id = useId()
  const [screen, setScreen] = useState<Screen>(token ? { kind: 'loading' } : { kind: 'invalid', message: HOUSEHOLD_MESSAGES.inviteInvalid })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  useEffect(() => {
    if (!token) return
    previewInvite(token)
      .then((invite) => setScreen({ kind: 'ready', invite }))
      .catch((error: unknown) => setScreen({ kind: 'invalid', message: errorMessage(error, HOUSEHOLD_MESSAGES.inviteInvalid) }))
  }, [token])

  async function join(account?: z.output<typeof accountFormSchema>) {
    setPending(true)
    setFailure(null)
    try {
      await acceptInvite(
        token!,
        account ? { fullName: account.fullName, username: account.username, password: account.password, phone: account.phone } : undefined,
      )
      window.location.assign('/dashboard')
    } catch (error) {
      setPending(false)
      if (error instanceof ApiError && error.errors.length)
        return setErrors(
          serverFieldErrors(
            error.errors.map((e) => ({ ...e, path: String(e.path).replace(/^account\./, '') })),
            ['fullName', 'username', 'password', 'phone'],
          ),
        )
      if (error instanceof ApiError && error.status === 404)
        return setScreen({ kind: 'invalid', message: errorMessage(error, HOUSEHOLD_MESSAGES.inviteInvalid) })
      setFailure(errorMessage(error, 'We could not accept the invitation. Please try again.'))
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = validate(accountFormSchema, Object.fromEntries(new FormData(event.currentTarget)))
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    void join(checked.data)
  }

  if (screen.kind === 'loading') return <Loading label="Checking your invitation" />
  if (screen.kind === 'invalid')
    return (
      <section aria-labelledby={`${id}-invalid`} className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-950">
        <h2 id={`${id}-invalid`} className="font-serif text-2xl">
          Invitation not valid
        </h2>
        <p className="mt-2">{screen.message}</p>
      </section>
    )

  async function signOut() {
    setPending(true)
    try {
      await logout()
      window.location.reload()
    } catch (error) {
      setPending(false)
      setFailure(errorMessage(error, 'We could not sign you out. Please try again.'))
    }
  }

  const { invite } = screen
  // The server refuses any other account alike (tests/int/households.int.test.ts); the page says so first.
  const refusal = !viewer
    ? null
    : viewer.isStaff
      ? HOUSEHOLD_MESSAGES.staffAccount
      : viewer.email.trim().toLowerCase() !== invite.email.trim().toLowerCase()
        ? HOUSEHOLD_MESSAGES.otherAddress
        : null
  return (
    <div className="space-y-4">
      <p className="rounded-2xl bg-brand-50 p-4 text-brand-900">
        {invite.invitedByName ?? 'A guardian'} invited you to join the household of {invite.householdName} with {ACCESS_WORDS[invite.access]}.
      </p>
      {failure ? <ErrorAlert title="Not joined">{failure}</ErrorAlert> : null}
      {viewer && refusal ? (
        <form
          noValidate
          aria-label="Sign out to accept"
          onSubmit={(event) => {
            event.preventDefault()
            void signOut()
          }}
          className="space-y-3"
        >
          <p>
            You are signed in as {viewer.fullName}. This invitation is for {invite.email}.
          </p>
          <p role="note" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
            {refusal}
          </p>
          <SubmitButton pending={pending} pendingLabel="Signing Out...">
            Sign Out
          </SubmitButton>
        </form>
      ) : viewer ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void join()
          }}
          className="space-y-3"
        >
          <p>
            You are signed in as {viewer.fullName} ({viewer.email}). Joining links this account to the household.
          </p>
          <SubmitButton pending={pending} pendingLabel="Joining...">
            Join Household
          </SubmitButton>
        </form>
      ) : (
        <form noValidate onSubmit={onSubmit} aria-label="Create your sign-in" className="space-y-4">
          <p className="text-sm text-gray-800">
            Your account will use {invite.email}, the address this invitation was sent to. Already have an account with it?{' '}
            <a href="/auth" className="font-semibold text-brand-800 underline">
              Sign in
            </a>
            , then open the invitation link again.
          </p>
          <TextField id={`${id}-name`} name="fullName" label="Full name" autoComplete="name" error={errors.fullName} required />
          <TextField id={`${id}-username`} name="username" label="Username" autoComplete="username" error={errors.username} required />
          <TextField id={`${id}-phone`} name="phone" type="tel" label="Phone (optional)" autoComplete="tel" error={errors.phone} />
          <TextField id={`${id}-password`} name="password" type="password" label="Password" autoComplete="new-password" error={errors.password} required />
          <TextField
            id={`${id}-confirm`}
            name="confirmPassword"
            type="password"
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirmPassword}
            required
          />
          <SubmitButton pending={pending} pendingLabel="Joining...">
            Create Account and Join
          </SubmitButton>
        </form>
      )}
    </div>
  )
}

/** /household/join: a second guardian accepts an invitation (decisions §23). */
export default function JoinHouseholdIsland(props: Props) {
  return (
    <QueryProvider>
      <JoinHousehold {...props} />
    </QueryProvider>
  )
}
