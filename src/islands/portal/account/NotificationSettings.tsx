import { useState, type FormEvent } from 'react'

import { NOTIFICATION_SETTINGS, type NotificationPreferencesDto, type NotificationSetting } from '#api/accounts/schemas'
import { useNotificationPreferences } from '#islands/api/accounts/get-notification-preferences'
import { useUpdateNotificationPreferences } from '#islands/api/accounts/update-notification-preferences'
import { SubmitButton } from '#islands/components/ui/Button'
import { Switch } from '#islands/components/ui/Switch'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { ErrorCard } from '#islands/components/ui/Alert'
import { PORTAL_TEXT } from '#islands/portal/texts'
import { MessageChoices } from './MessageChoices'

/**
 * The switches a family sees: only what the academy really does (issue 23). Nothing sends text
 * messages or class reminders yet, so those two are not offered; their stored values are still
 * sent back unchanged with every save, so the settings' contract stays the same.
 */
const SHOWN: Partial<Record<NotificationSetting, { label: string; hint: string }>> = {
  emailNotifications: { label: 'Email Notifications', hint: 'Enrollment confirmations and payment receipts by email.' },
  promotionalEmails: { label: 'Promotional Emails', hint: 'News about workshops, performances and offers.' },
}

function PreferencesForm({ initial }: { initial: NotificationPreferencesDto }) {
  const notify = useNotify()
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
        {NOTIFICATION_SETTINGS.map((name) => {
          const shown = SHOWN[name]
          return shown ? (
            <div key={name} className="py-3">
              <Switch
                label={shown.label}
                hint={shown.hint}
                checked={values[name]}
                onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
              />
            </div>
          ) : null
        })}
      </div>
      <SubmitButton pending={update.isPending} pendingLabel="Saving..." className="mt-3">
        Save Preferences
      </SubmitButton>
    </form>
  )
}

/** The Notifications tab (spec §2): loading, the error card with Try Again, then the toggles. */
export function NotificationSettings() {
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
  return (
    <>
      <PreferencesForm initial={preferences.data} />
      <MessageChoices />
    </>
  )
}
