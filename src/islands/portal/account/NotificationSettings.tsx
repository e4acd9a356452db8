import { useId, useState, type FormEvent } from 'react'

import { NOTIFICATION_SETTINGS, type NotificationPreferencesDto, type NotificationSetting } from '#api/schemas/account'
import { useNotificationPreferences } from '#islands/api/get-notification-preferences'
import { useUpdateNotificationPreferences } from '#islands/api/update-notification-preferences'
import { SubmitButton } from '#islands/components/Button'
import type { ToastMessage } from '#islands/components/Toast'
import { errorMessage } from '#islands/lib/http'
import { ErrorCard } from '#islands/portal/components/ErrorCard'
import { PORTAL_TEXT } from '#islands/portal/texts'

const LABELS: Record<NotificationSetting, { label: string; hint: string }> = {
  emailNotifications: { label: 'Email Notifications', hint: 'Enrolment confirmations and payment receipts by email.' },
  smsNotifications: { label: 'SMS Notifications', hint: 'Text messages about changes to your classes.' },
  classReminders: { label: 'Class Reminders', hint: 'A reminder before each class.' },
  promotionalEmails: { label: 'Promotional Emails', hint: 'News about workshops, performances and offers.' },
}

function Switch({ name, checked, onChange }: { name: NotificationSetting; checked: boolean; onChange: (value: boolean) => void }) {
  const id = useId()
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <p id={`${id}-label`} className="font-semibold">
          {LABELS[name].label}
        </p>
        <p id={`${id}-hint`} className="text-sm text-gray-800">
          {LABELS[name].hint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors ${checked ? 'border-brand-700 bg-brand-700' : 'border-gray-500 bg-gray-200'}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
    </div>
  )
}

function PreferencesForm({ initial, notify }: { initial: NotificationPreferencesDto; notify: (message: ToastMessage) => void }) {
  const update = useUpdateNotificationPreferences()
  const [values, setValues] = useState(
    () => Object.fromEntries(NOTIFICATION_SETTINGS.map((name) => [name, initial[name]])) as Record<NotificationSetting, boolean>,
  )

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    try {
      await update.mutateAsync(values)
      notify({ title: 'Settings Updated', text: 'Your notification preferences have been saved.' })
    } catch (error) {
      notify({ title: 'Failed to update settings', text: errorMessage(error, 'Failed to update notification preferences'), tone: 'error' })
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Notification settings">
      <div className="divide-y divide-gray-200">
        {NOTIFICATION_SETTINGS.map((name) => (
          <Switch key={name} name={name} checked={values[name]} onChange={(value) => setValues((current) => ({ ...current, [name]: value }))} />
        ))}
      </div>
      <SubmitButton pending={update.isPending} pendingLabel="Saving..." className="mt-3">
        Save Preferences
      </SubmitButton>
    </form>
  )
}

/** The Notifications tab (spec §2): loading, the error card with Try Again, then the toggles. */
export function NotificationSettings({ notify }: { notify: (message: ToastMessage) => void }) {
  const preferences = useNotificationPreferences()
  if (preferences.isPending) {
    return (
      <p role="status" className="py-4 text-gray-800">
        Loading your notification settings…
      </p>
    )
  }
  if (preferences.isError) {
    return <ErrorCard title="Error" message={PORTAL_TEXT.notificationsError} onRetry={() => window.location.reload()} />
  }
  return <PreferencesForm initial={preferences.data} notify={notify} />
}
