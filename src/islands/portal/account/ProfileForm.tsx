import { useId, useState, type FormEvent } from 'react'

import { ACCOUNT_MESSAGES, profileSchema } from '#api/accounts/schemas'
import type { UserDto } from '#api/accounts/auth.schemas'
import { useUpdateProfile } from '#islands/api/accounts/update-profile'
import { SubmitButton } from '#islands/components/ui/Button'
import { TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { serverFieldErrors, validate, type FieldErrors } from '#islands/lib/form'
import { ApiError, errorMessage } from '#islands/lib/http'

const FIELDS = ['fullName', 'email', 'phone', 'currentPassword'] as const

export function ProfileForm({ user }: { user: UserDto }) {
  const notify = useNotify()
  const id = useId()
  const update = useUpdateProfile()
  const [errors, setErrors] = useState<FieldErrors>({})
  // A new email needs the current password (the server refuses it otherwise); the field shows only then.
  const [emailChanged, setEmailChanged] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const checked = validate(profileSchema, Object.fromEntries(new FormData(form)))
    if (!checked.ok) return setErrors(checked.errors)
    if (emailChanged && !checked.data.currentPassword) return setErrors({ currentPassword: ACCOUNT_MESSAGES.currentPasswordForEmail })
    setErrors({})
    try {
      await update.mutateAsync(checked.data)
      const passwordInput = form.elements.namedItem('currentPassword')
      if (passwordInput instanceof HTMLInputElement) passwordInput.value = ''
      setEmailChanged(false)
      notify({ title: 'Profile Updated', text: 'Your profile has been updated successfully.' })
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, FIELDS))
      notify({ title: 'Update failed', text: errorMessage(error, 'Failed to update profile'), tone: 'error' })
    }
  }

  const field = (name: string) => `${id}-${name}`
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" aria-label="Profile">
      <TextField id={field('fullName')} name="fullName" label="Full Name" autoComplete="name" defaultValue={user.fullName} error={errors.fullName} required />
      <TextField
        id={field('email')}
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        defaultValue={user.email}
        error={errors.email}
        onChange={(event) => setEmailChanged(event.currentTarget.value.trim().toLowerCase() !== user.email)}
        required
      />
      {emailChanged && (
        <TextField
          id={field('currentPassword')}
          name="currentPassword"
          type="password"
          label="Current Password"
          autoComplete="current-password"
          hint="To change your email, confirm it with your current password. We will let your old address know."
          error={errors.currentPassword}
          required
        />
      )}
      <TextField id={field('phone')} name="phone" type="tel" label="Phone (optional)" autoComplete="tel" defaultValue={user.phone ?? ''} error={errors.phone} />
      <SubmitButton pending={update.isPending} pendingLabel="Saving...">
        Save Changes
      </SubmitButton>
    </form>
  )
}
