import { useId, useState, type FormEvent } from 'react'

import { HOUSEHOLD_MESSAGES, INVITES_PER_DAY, inviteInputSchema } from '#api/households/schemas'
import { useInviteGuardian } from '#islands/api/households/household'
import { SubmitButton } from '#islands/components/ui/Button'
import { SelectField, TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { validate, type FieldErrors } from '#islands/lib/form'
import { ApiError, errorMessage } from '#islands/lib/http'

/** A full guardian invites another guardian by email (decisions §23). */
export function InviteGuardianForm() {
  const id = useId()
  const notify = useNotify()
  const invite = useInviteGuardian()
  const [errors, setErrors] = useState<FieldErrors>({})

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const checked = validate(inviteInputSchema, Object.fromEntries(new FormData(form)))
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    try {
      await invite.mutateAsync(checked.data)
      form.reset()
      notify({ title: 'Invitation Sent', text: HOUSEHOLD_MESSAGES.inviteSent })
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return setErrors({ email: errorMessage(error, 'Please check the address') })
      notify({ title: 'Error', text: errorMessage(error, 'The invitation could not be sent. Please try again.'), tone: 'error' })
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Invite a guardian" className="mt-4 space-y-3 rounded-2xl bg-gray-50 p-3">
      <h3 className="font-semibold">Invite a guardian</h3>
      <p className="text-sm text-gray-700">
        For a household with a child in a class or on a waitlist, up to {INVITES_PER_DAY} a day. They accept with the email address you enter here.
      </p>
      <TextField id={`${id}-email`} name="email" type="email" label="Their email" autoComplete="off" error={errors.email} required />
      <SelectField id={`${id}-access`} name="access" label="Access" defaultValue="full" error={errors.access}>
        <option value="full">Full: enroll, pay and report absences</option>
        <option value="view">View and attendance: see and report absences</option>
      </SelectField>
      <SubmitButton pending={invite.isPending} pendingLabel="Sending...">
        Send Invitation
      </SubmitButton>
    </form>
  )
}
