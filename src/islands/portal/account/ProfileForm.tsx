import { useId, useState, type FormEvent } from 'react'

import { profileSchema } from '#api/schemas/account'
import type { UserDto } from '#api/schemas/auth'
import { useUpdateProfile } from '#islands/api/update-profile'
import { SubmitButton } from '#islands/components/Button'
import { TextField } from '#islands/components/Field'
import type { ToastMessage } from '#islands/components/Toast'
import { serverFieldErrors, validate, type FieldErrors } from '#islands/lib/form'
import { ApiError, errorMessage } from '#islands/lib/http'

const FIELDS = ['fullName', 'email', 'phone'] as const
export function ProfileForm({ user, notify }: { user: UserDto; notify: (message: ToastMessage) => void }) {
  const id = useId()
  const update = useUpdateProfile()
  const [errors, setErrors] = useState<FieldErrors>({})

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = validate(profileSchema, Object.fromEntries(new FormData(event.currentTarget)))
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    try {
      await update.mutateAsync(checked.data)
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
      <TextField id={field('email')} name="email" type="email" label="Email" autoComplete="email" defaultValue={user.email} error={errors.email} required />
      <TextField id={field('phone')} name="phone" type="tel" label="Phone (optional)" autoComplete="tel" defaultValue={user.phone ?? ''} error={errors.phone} />
      <SubmitButton pending={update.isPending} pendingLabel="Saving...">
        Save Changes
      </SubmitButton>
    </form>
  )
}
