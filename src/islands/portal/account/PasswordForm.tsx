import { useId, useState, type FormEvent } from 'react'

import { newPasswordSchema } from '#api/accounts/password.schemas'
import { useChangePassword } from '#islands/api/accounts/change-password'
import { SubmitButton } from '#islands/components/ui/Button'
import { TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { ApiError } from '#islands/lib/http'
import { PORTAL_TEXT } from '#islands/portal/texts'

/** Password change (spec §5): all three fields, matching confirmation, the button disabled while changing. */
export function PasswordForm() {
  const notify = useNotify()
  const id = useId()
  const change = useChangePassword()
  const [error, setError] = useState<{ field: 'currentPassword' | 'newPassword' | 'confirmPassword'; message: string } | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>
    const { currentPassword = '', newPassword = '', confirmPassword = '' } = values
    setError(null)
    if (!currentPassword || !newPassword || !confirmPassword) {
      return notify({ title: PORTAL_TEXT.missingFields, text: PORTAL_TEXT.missingFieldsText, tone: 'error' })
    }
    if (newPassword !== confirmPassword) {
      setError({ field: 'confirmPassword', message: PORTAL_TEXT.passwordsDontMatchText })
      return notify({ title: PORTAL_TEXT.passwordsDontMatch, text: PORTAL_TEXT.passwordsDontMatchText, tone: 'error' })
    }
    const strength = newPasswordSchema.safeParse(newPassword)
    if (!strength.success) return setError({ field: 'newPassword', message: strength.error.issues[0]?.message ?? 'Invalid password' })
    try {
      const answer = await change.mutateAsync({ currentPassword, newPassword })
      form.reset()
      notify({ title: 'Password Changed', text: answer?.message ?? 'Password updated successfully' })
    } catch (failure) {
      const server = failure instanceof ApiError ? failure.serverMessage : null
      const fieldError = failure instanceof ApiError ? failure.errors.find((e) => e.path === 'currentPassword' || e.path === 'newPassword') : undefined
      if (fieldError) setError({ field: fieldError.path as 'currentPassword' | 'newPassword', message: fieldError.message })
      const status = failure instanceof ApiError ? failure.message : 'the server could not be reached'
      notify({ title: 'Failed to Change Password', text: server ?? `Failed to change password: ${status}`, tone: 'error' })
    }
  }

  const field = (name: string) => `${id}-${name}`
  const errorOf = (name: string) => (error?.field === name ? error.message : undefined)
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" aria-label="Change Password">
      <TextField
        id={field('current')}
        name="currentPassword"
        type="password"
        label="Current Password"
        autoComplete="current-password"
        error={errorOf('currentPassword')}
      />
      <TextField
        id={field('new')}
        name="newPassword"
        type="password"
        label="New Password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errorOf('newPassword')}
      />
      <TextField
        id={field('confirm')}
        name="confirmPassword"
        type="password"
        label="Confirm New Password"
        autoComplete="new-password"
        error={errorOf('confirmPassword')}
      />
      <SubmitButton pending={change.isPending} pendingLabel="Changing Password...">
        Change Password
      </SubmitButton>
    </form>
  )
}
