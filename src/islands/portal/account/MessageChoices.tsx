import { useState } from 'react'

import { CHOOSABLE_CATEGORIES, type CategoryChannel, type CategoryPreferences, type ChoosableCategory } from '#api/messages/schemas'
import { useMessagePreferences, useUpdateMessagePreferences } from '#islands/api/messages/message-preferences'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'

const LABELS: Record<ChoosableCategory, string> = {
  announcements: 'Announcements',
  'class-changes': 'Class changes',
  billing: 'Billing',
  reminders: 'Reminders',
}

function withoutKey<T extends object>(record: T, key: keyof T): T {
  const copy = { ...record }
  delete copy[key]
  return copy
}

/**
 * How each kind of message from the studio reaches the family (issue 25): by email (and in the
 * inbox) or in the inbox only. Saved at once. Messages about payments and safety are always
 * emailed, so they are not offered.
 */
export function MessageChoices() {
  const preferences = useMessagePreferences()
  const update = useUpdateMessagePreferences()
  const notify = useNotify()
  // A choice shows the moment it is made, while it is saved: the query's own copy changes a
  // tick later, and a controlled radio would spring back until then.
  const [saving, setSaving] = useState<Partial<CategoryPreferences>>({})
  if (!preferences.data) return null
  const stored = preferences.data
  const choose = async (category: ChoosableCategory, channel: CategoryChannel) => {
    setSaving((current) => ({ ...current, [category]: channel }))
    try {
      await update.mutateAsync({ [category]: channel })
      notify({ title: 'Settings Updated', text: `${LABELS[category]}: ${channel === 'email' ? 'by email' : 'in the inbox only'}.` })
    } catch (error) {
      notify({ title: 'Failed to update settings', text: errorMessage(error, 'Please try again.'), tone: 'error' })
    } finally {
      // A later choice of the same kind, still being saved, keeps showing.
      setSaving((current) => (current[category] === channel ? withoutKey(current, category) : current))
    }
  }
  return (
    <section aria-labelledby="message-choices-title" className="mt-6 border-t border-gray-200 pt-4">
      <h3 id="message-choices-title" className="font-semibold text-ink">
        Messages from the studio
      </h3>
      <p className="mt-1 text-sm text-gray-700">
        Everything is in your inbox. Choose what also comes by email. Messages about payments and safety are always emailed.
      </p>
      {CHOOSABLE_CATEGORIES.map((category) => (
        <fieldset key={category} className="mt-3">
          <legend className="text-sm font-semibold">{LABELS[category]}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {(['email', 'portal'] as const).map((channel) => (
              <label key={channel} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  className="size-5"
                  name={`message-${category}`}
                  checked={(saving[category] ?? stored[category]) === channel}
                  onChange={() => void choose(category, channel)}
                />
                {channel === 'email' ? 'Email' : 'Inbox only'}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </section>
  )
}
