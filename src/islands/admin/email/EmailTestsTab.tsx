import { useId, useState, type FormEvent } from 'react'

import { troubleshootEmailSchema, type EmailConfigCheck } from '#api/accounts/admin-users.schemas'
import { testEmailFailureDetail, useSendTestEmail } from '#islands/api/email/admin-send-test-email'
import { useTestEmailConfig } from '#islands/api/email/admin-test-email-config'
import { TextField } from '#islands/components/ui/Field'
import { validate } from '#islands/lib/form'
import { ApiError } from '#islands/lib/http'
import { ErrorAlert, SuccessAlert } from '#islands/components/ui/Alert'
import { useNotify } from '#islands/components/ui/Toast'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { DemoOutbox } from './DemoOutbox'

const EMAIL_REQUIRED = 'Please enter an email address to send the test email.'

export function EmailTestsTab() {
  return (
    <section aria-labelledby="email-heading">
      <SectionHeader id="email-heading" title="Email Tests">
        Check that the academy can send email: password resets, inquiry notices, enrollment confirmations and receipts.
      </SectionHeader>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <ConnectionTest />
          <SendTestEmail />
        </div>
        <MailInfo />
      </div>
      <div className="mt-4">
        <DemoOutbox />
      </div>
    </section>
  )
}

function describeServer(details: EmailConfigCheck['details']): string | null {
  if (!details.host) return null
  return `${details.host}:${details.port ?? ''}${details.secure ? ' over SSL' : ''}`
}

function ConnectionTest() {
  const check = useTestEmailConfig()
  const notify = useNotify()

  function run() {
    check.mutate(undefined, {
      onSuccess: (result) =>
        result.success
          ? notify({ title: 'Connection Successful', text: result.message })
          : notify({ title: 'Connection Failed', text: `Connection error: ${result.details.error ?? result.message}`, tone: 'error' }),
      onError: (error) => notify({ title: 'Test Failed', text: error instanceof ApiError ? error.message : 'Please try again.', tone: 'error' }),
    })
  }

  const result = check.data
  return (
    <div className={CARD}>
      <h3 className="font-semibold">Connection test</h3>
      <p className="mt-1 text-sm text-gray-700">Connects to the mail server and signs in, without sending anything.</p>
      <button type="button" className={`${BUTTON.secondary} mt-3`} onClick={run} disabled={check.isPending}>
        {check.isPending ? 'Testing…' : 'Test Connection'}
      </button>
      {check.isSuccess && result ? (
        result.success ? (
          <div className="mt-3">
            <SuccessAlert title="Connection Successful">
              <p>{result.message}</p>
              {describeServer(result.details) ? <p>Server: {describeServer(result.details)}</p> : null}
            </SuccessAlert>
          </div>
        ) : (
          <div className="mt-3">
            <ErrorAlert title="Connection Failed">
              <p>Connection error: {result.details.error ?? result.message}</p>
              {describeServer(result.details) ? <p>Server: {describeServer(result.details)}</p> : null}
            </ErrorAlert>
          </div>
        )
      ) : check.isError ? (
        <div className="mt-3">
          <ErrorAlert title="Test Failed">{check.error instanceof ApiError ? check.error.message : 'Please try again.'}</ErrorAlert>
        </div>
      ) : null}
    </div>
  )
}

function SendTestEmail() {
  const id = useId()
  const send = useSendTestEmail()
  const notify = useNotify()
  const [error, setError] = useState<string | undefined>()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const emailAddress = String(new FormData(event.currentTarget).get('emailAddress') ?? '')
    if (!emailAddress.trim()) {
      setError(EMAIL_REQUIRED)
      notify({ title: 'Email Required', text: EMAIL_REQUIRED, tone: 'error' })
      return
    }
    const checked = validate(troubleshootEmailSchema, { emailAddress })
    if (!checked.ok) return setError(checked.errors.emailAddress)
    setError(undefined)
    send.mutate(checked.data, {
      onSuccess: (answer) => notify({ title: 'Test Email Sent', text: `${answer.message}. Check that inbox (and its spam folder).` }),
      onError: (failure) => notify({ title: 'Failed to Send Email', text: testEmailFailureDetail(failure) ?? 'Please try again.', tone: 'error' }),
    })
  }

  return (
    <form noValidate onSubmit={onSubmit} className={`${CARD} space-y-3`} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        Send a test email
      </h3>
      <TextField id={`${id}-email`} name="emailAddress" type="email" label="Email address" placeholder="you@example.com" autoComplete="email" error={error} />
      <button type="submit" className={BUTTON.primary} disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send Test Email'}
      </button>
      {send.isSuccess ? (
        <SuccessAlert>Test Email Sent: {send.data.message}.</SuccessAlert>
      ) : send.isError ? (
        <ErrorAlert title="Failed to Send Email">{testEmailFailureDetail(send.error) ?? 'Please try again.'}</ErrorAlert>
      ) : null}
    </form>
  )
}

function MailInfo() {
  return (
    <div className={`${CARD} space-y-3 text-sm`}>
      <h3 className="text-base font-semibold">How the academy sends email</h3>
      <p>
        Email goes out through a hosted mail service over SMTP, on <strong>port 465 over SSL</strong>. The server reads the connection from its{' '}
        <code>SMTP_URL</code> setting (for example <code>smtps://user:password@smtp.example.com:465</code>) and the sender address from <code>MAIL_FROM</code>.
        Without <code>SMTP_URL</code>, messages are written to the server log instead of being sent.
      </p>
      <h3 className="pt-1 text-base font-semibold">Troubleshooting tips</h3>
      <ul className="list-disc space-y-1.5 pl-5">
        <li>Run the connection test first: it tells you whether the server can reach the mail service and sign in.</li>
        <li>A sign-in error means the user name or password in SMTP_URL is wrong; many services need an app password, not your account password.</li>
        <li>A timeout or refused connection usually means the host or port is wrong, or a firewall blocks port 465.</li>
        <li>
          If the test email is sent but never arrives, check the spam folder, and check that the sender domain in MAIL_FROM is verified with your mail service
          (SPF and DKIM).
        </li>
        <li>Special characters in the password must be URL-encoded in SMTP_URL (for example @ becomes %40).</li>
      </ul>
    </div>
  )
}
