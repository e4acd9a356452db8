import { CHOOSABLE_CATEGORIES, type ChoosableCategory } from '#api/messages/schemas'
import { useMessagePreferences, useUpdateMessagePreferences } from '#islands/api/message-preferences'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'

const LABELS: Record<ChoosableCategory, string> = {
  announcements: 'Announcements',
  'class-changes': 'Class changes',
  billing: 'Billing',
  reminders: 'Reminders',
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
  if (!preferences.data) return null
  const choose = (category: ChoosableCategory, channel: 'email' | 'portal') =>
    update.mutate(
      { [category]: channel },
      {
        onSuccess: () => notify({ title: 'Settings Updated', text: `${LABELS[category]}: ${channel === 'email' ? 'by email' : 'in the inbox only'}.` }),
        onError: (error) => notify({ title: 'Failed to update settings', text: errorMessage(error, 'Please try again.'), tone: 'error' }),
      },
    )
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
              <label key={channel} className="flex min-h-10 items-center gap-2">
                <input
                  type="radio"
                  className="size-5"
                  name={`message-${category}`}
                  checked={preferences.data[category] === channel}
                  onChange={() => choose(category, channel)}
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
