import { useEffect, useId, useRef, useState, type FormEvent } from 'react'

import { requestPasswordResetSchema, type PasswordResetRequestedDto } from '#api/accounts/schemas'
import { useRequestPasswordReset } from './api/accounts/request-password-reset'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { SubmitButton } from '#islands/components/ui/Button'
import { TextField } from '#islands/components/ui/Field'
import { QueryProvider } from './components/QueryProvider'
import { ApiError } from './lib/http'
import { validate, type FieldErrors } from './lib/form'
import { focusHeading, scrollToTop } from './lib/scroll'
import { textReader, type IslandTexts } from './lib/texts'

const REQUEST_FAILED = 'There was an error processing your request. Please try again.'

type Props = { texts: IslandTexts }

function ForgotPasswordForm({ texts }: Props) {
  const t = textReader(texts)
  const id = useId()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [sent, setSent] = useState<PasswordResetRequestedDto | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const request = useRequestPasswordReset()

  useEffect(() => {
    if (!sent) return
    scrollToTop()
    focusHeading(heading.current)
  }, [sent])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const checked = validate(requestPasswordResetSchema, Object.fromEntries(new FormData(event.currentTarget)))
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    try {
      setSent(await request.mutateAsync(checked.data))
    } catch (error) {
      // A refusal the family can act on (too many requests, a bad address) keeps its words.
      const actionable = error instanceof ApiError && (error.status === 400 || error.status === 429) && error.serverMessage
      setFailure(actionable ? error.serverMessage : REQUEST_FAILED)
    }
  }

  if (sent) {
    return (
      <section aria-labelledby={`${id}-sent`} className="rounded-2xl border border-green-300 bg-green-50 p-6 text-green-950">
        <h2 id={`${id}-sent`} ref={heading} className="font-serif text-2xl">
          {t('forgot.sent.title')}
        </h2>
        <p className="mt-2">{sent.message}</p>
        <p className="mt-2 text-sm">{t('forgot.sent.text')}</p>
        {sent.resetLink ? (
          <p className="mt-4 rounded-xl bg-white p-3 text-sm">
            <a href={sent.resetLink} className="font-semibold text-brand-800 underline break-all">
              {t('forgot.sent.demo_link')}
            </a>
          </p>
        ) : null}
        <a href="/auth" className="mt-6 inline-block font-semibold text-brand-800 underline">
          {t('forgot.back_to_login')}
        </a>
      </section>
    )
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('forgot.title')}>
      {failure ? <ErrorAlert title={t('forgot.error_title')}>{failure}</ErrorAlert> : null}
      <TextField id={`${id}-email`} name="email" type="email" label={t('forgot.field.email')} autoComplete="email" error={errors.email} required />
      <SubmitButton pending={request.isPending} pendingLabel={t('forgot.pending')}>
        {t('forgot.submit')}
      </SubmitButton>
      <p className="text-center">
        <a href="/auth" className="font-semibold text-brand-800 underline">
          {t('forgot.back_to_login')}
        </a>
      </p>
    </form>
  )
}

/** /forgot-password (spec §2): the email form, then the 'Request Sent' panel. */
export default function ForgotPasswordIsland(props: Props) {
  return (
    <QueryProvider>
      <ForgotPasswordForm {...props} />
    </QueryProvider>
  )
}
