import { useEffect, useId, useRef, useState, type FormEvent } from 'react'

import { INQUIRY_SUBJECTS, inquiryInputSchema } from '#api/inquiries/schemas'
import { useCreateInquiry } from './api/inquiries/create-inquiry'
import { ErrorAlert } from './components/ui/Alert'
import { PRIMARY_BUTTON, SubmitButton } from './components/ui/Button'
import { SelectField, TextAreaField, TextField } from './components/ui/Field'
import { QueryProvider } from './components/QueryProvider'
import { NotifyProvider, useNotify } from './components/ui/Toast'
import { ApiError, errorMessage } from './lib/http'
import { serverFieldErrors, validate, type FieldErrors } from './lib/form'
import { focusHeading, scrollToTop } from './lib/scroll'
import { textReader, type IslandTexts } from './lib/texts'

const SUBMIT_FAILED = 'Failed to submit inquiry. Please try again.'
/** Spec §8: the contact success toast lasts 5000 ms. */
export const CONTACT_TOAST_MS = 5000
const FIELDS = ['name', 'email', 'subject', 'message'] as const

type Props = { texts: IslandTexts; name?: string; email?: string }

function ContactForm({ texts, name = '', email = '' }: Props) {
  const t = textReader(texts)
  const id = useId()
  const [submitted, setSubmitted] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const firstField = useRef<HTMLInputElement>(null)
  const notify = useNotify()
  const create = useCreateInquiry()
  const [again, setAgain] = useState(false)

  useEffect(() => {
    if (submitted) {
      scrollToTop()
      focusHeading(heading.current)
    } else if (again) {
      firstField.current?.focus()
    }
  }, [submitted, again])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const form = event.currentTarget
    const checked = validate(inquiryInputSchema, Object.fromEntries(new FormData(form)))
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    try {
      await create.mutateAsync(checked.data)
      form.reset()
      setSubmitted(true)
      notify({ title: t('contact.toast.title'), text: t('contact.toast.text') })
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, FIELDS))
      setFailure(errorMessage(error, SUBMIT_FAILED))
    }
  }

  function submitAnother() {
    create.reset()
    setAgain(true)
    setSubmitted(false)
  }

  return (
    <>
      {submitted ? (
        <section aria-labelledby={`${id}-thanks`} className="rounded-2xl border border-green-300 bg-green-50 p-6 text-center text-green-950">
          <h2 id={`${id}-thanks`} ref={heading} className="font-serif text-3xl">
            {t('contact.success.title')}
          </h2>
          <p className="mt-3">{t('contact.success.text')}</p>
          <button type="button" onClick={submitAnother} className={`${PRIMARY_BUTTON} mt-6 sm:w-auto`}>
            {t('contact.success.again')}
          </button>
        </section>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className="font-serif text-2xl text-ink">
            {t('contact.form.title')}
          </h2>
          {failure ? <ErrorAlert title="Error">{failure}</ErrorAlert> : null}
          <TextField
            ref={firstField}
            id={`${id}-name`}
            name="name"
            label={t('contact.field.name')}
            autoComplete="name"
            defaultValue={name}
            error={errors.name}
            required
          />
          <TextField
            id={`${id}-email`}
            name="email"
            type="email"
            label={t('contact.field.email')}
            autoComplete="email"
            defaultValue={email}
            error={errors.email}
            required
          />
          <SelectField id={`${id}-subject`} name="subject" label={t('contact.field.subject')} defaultValue="" error={errors.subject} required>
            <option value="" disabled>
              {t('contact.field.subject_placeholder')}
            </option>
            {INQUIRY_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {subject}
              </option>
            ))}
          </SelectField>
          <TextAreaField id={`${id}-message`} name="message" label={t('contact.field.message')} rows={6} error={errors.message} required />
          <SubmitButton pending={create.isPending} pendingLabel={t('contact.pending')}>
            {t('contact.submit')}
          </SubmitButton>
        </form>
      )}
    </>
  )
}

/** /contact (spec §2, §4): the form, then 'Thank You!' until 'Submit Another Question'. */
export default function ContactIsland(props: Props) {
  return (
    <QueryProvider>
      <NotifyProvider durationMs={CONTACT_TOAST_MS}>
        <ContactForm {...props} />
      </NotifyProvider>
    </QueryProvider>
  )
}
