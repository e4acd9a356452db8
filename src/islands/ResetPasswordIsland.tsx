import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { z } from 'zod'

import { newPasswordSchema } from '#api/accounts/password.schemas'
import { useResetPassword } from './api/accounts/reset-password'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { SubmitButton } from '#islands/components/ui/Button'
import { TextField } from '#islands/components/ui/Field'
import { QueryProvider } from './components/QueryProvider'
import { ApiError, errorMessage } from './lib/http'
import { validate, type FieldErrors } from './lib/form'
import { RESET_LINK_MESSAGES } from '#api/accounts/reset-link.schemas'
import { focusHeading, scrollToTop } from './lib/scroll'
import { textReader, type IslandTexts } from './lib/texts'

/** Reset form (spec §5): a new password under the usual rules, and its confirmation. */
const resetFormSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string().min(1, "Passwords don't match") })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: "Passwords don't match" })

const RESET_FALLBACK = 'Failed to reset password'
const RESET_UNREACHABLE = 'There was an error resetting your password. The link may have expired.'
export const REDIRECT_AFTER_RESET_MS = 3000

type Props = {
  texts: IslandTexts
  /** The cleaned token, or the reason the link cannot be used (checked on the server). */
  link: { ok: true; token: string } | { ok: false; message: string }
}

type Screen = { kind: 'form' } | { kind: 'error'; message: string } | { kind: 'success'; message: string }

function ResetPasswordForm({ texts, link }: Props) {
  const t = textReader(texts)
  const id = useId()
  const [screen, setScreen] = useState<Screen>(link.ok ? { kind: 'form' } : { kind: 'error', message: link.message })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const reset = useResetPassword()

  // The token has done its work once read: keep it out of the address bar and history.
  useEffect(() => {
    if (window.location.search) window.history.replaceState(null, '', window.location.pathname)
  }, [])

  useEffect(() => {
    if (screen.kind === 'form') return
    scrollToTop()
    focusHeading(heading.current)
    if (screen.kind !== 'success') return
    const timer = setTimeout(() => window.location.assign('/auth'), REDIRECT_AFTER_RESET_MS)
    return () => clearTimeout(timer)
  }, [screen])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    if (!link.ok) return setScreen({ kind: 'error', message: RESET_LINK_MESSAGES.noToken })
    const checked = validate(resetFormSchema, Object.fromEntries(new FormData(event.currentTarget)))
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    try {
      const answer = await reset.mutateAsync({ token: link.token, newPassword: checked.data.newPassword })
      setScreen({ kind: 'success', message: answer.message })
    } catch (error) {
      const passwordProblem = error instanceof ApiError ? error.errors.find((e) => String(e.path).startsWith('newPassword')) : undefined
      if (passwordProblem) return setErrors({ newPassword: passwordProblem.message })
      // 400 is the link itself (expired, used, unknown): nothing on this form can fix it.
      if (error instanceof ApiError && error.status === 400) return setScreen({ kind: 'error', message: errorMessage(error, RESET_FALLBACK) })
      setFailure(error instanceof ApiError && error.status !== 0 ? errorMessage(error, RESET_FALLBACK) : RESET_UNREACHABLE)
    }
  }

  if (screen.kind === 'error') {
    return (
      <section aria-labelledby={`${id}-error`} className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-950">
        <h2 id={`${id}-error`} ref={heading} className="font-serif text-2xl">
          {t('reset.error.title')}
        </h2>
        <p className="mt-2">{screen.message}</p>
        <a href="/forgot-password" className="mt-6 inline-block rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
          {t('reset.error.link')}
        </a>
      </section>
    )
  }

  if (screen.kind === 'success') {
    return (
      <section aria-labelledby={`${id}-success`} className="rounded-2xl border border-green-300 bg-green-50 p-6 text-green-950">
        <h2 id={`${id}-success`} ref={heading} className="font-serif text-2xl">
          {t('reset.success.title')}
        </h2>
        <p className="mt-2">{screen.message}</p>
        <p className="mt-2 text-sm">{t('reset.success.text')}</p>
        <a href="/auth" className="mt-6 inline-block font-semibold text-green-950 underline">
          {t('reset.success.link')}
        </a>
      </section>
    )
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('reset.title')}>
      {failure ? <ErrorAlert title={t('reset.error.title')}>{failure}</ErrorAlert> : null}
      <TextField
        id={`${id}-new`}
        name="newPassword"
        type="password"
        label={t('reset.field.password')}
        autoComplete="new-password"
        error={errors.newPassword}
        required
      />
      <TextField
        id={`${id}-confirm`}
        name="confirmPassword"
        type="password"
        label={t('reset.field.confirm')}
        autoComplete="new-password"
        error={errors.confirmPassword}
        required
      />
      <SubmitButton pending={reset.isPending} pendingLabel={t('reset.pending')}>
        {t('reset.submit')}
      </SubmitButton>
    </form>
  )
}

/** /reset-password (spec §2, §4): the form, an error panel or a success panel, then /auth after 3 s. */
export default function ResetPasswordIsland(props: Props) {
  return (
    <QueryProvider>
      <ResetPasswordForm {...props} />
    </QueryProvider>
  )
}
