import { useContext, useId, useState, type FormEvent } from 'react'

import type { StudioSettingsDto } from '#api/studio/schemas'
import { academyTimeZoneSchema } from '#api/studio/time-zone.schemas'
import { useAcademyTimeZone, useSaveAcademyTimeZone } from '#islands/api/studio/admin-academy-time-zone'
import { useSaveStudioSettings, useStudioSettings } from '#islands/api/studio/admin-studio-settings'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { SelectField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { BUTTON } from '#islands/components/ui/styles'
import { setFlash } from '#islands/lib/flash'
import { errorMessage } from '#islands/lib/http'
import { AcademyTimeZoneContext } from './viewer'

/** The zone this browser is in, or null when it cannot tell. */
function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}

/** Every zone the browser knows, with UTC and the ones in play, in order. */
function zoneChoices(...inPlay: Array<string | null>): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return [...new Set([...inPlay.filter((zone): zone is string => Boolean(zone)), 'UTC', ...known])].sort()
}

/**
 * The first-start setup (decisions §19, §37): until an administrator has confirmed the academy's
 * time zone, the console asks for it above the tabs. It offers the zone the server runs on
 * (ACADEMY_TIMEZONE) when one is set, else the browser's own, and the rules stricter than the
 * specification that are studio settings (an emergency contact before a child's first class: off
 * unless ticked). Once confirmed it is gone, and the studio settings in /cms change them later.
 */
export function AcademyTimeZonePrompt() {
  const zone = useAcademyTimeZone()
  const settings = useStudioSettings()
  if (!zone.data || zone.data.confirmed || settings.isPending) return null
  return <Prompt current={zone.data.timeZone} settings={settings.data ?? null} />
}

function Prompt({ current, settings }: { current: string | null; settings: StudioSettingsDto | null }) {
  const id = useId()
  const pageZone = useContext(AcademyTimeZoneContext)
  const save = useSaveAcademyTimeZone()
  const saveSettings = useSaveStudioSettings()
  const notify = useNotify()
  const [browser] = useState(browserTimeZone)
  const [choice, setChoice] = useState(current ?? browser ?? 'UTC')
  const [contactRequired, setContactRequired] = useState(settings?.emergencyContactRequired ?? false)
  const [failure, setFailure] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const parsed = academyTimeZoneSchema.safeParse({ timeZone: choice })
    if (!parsed.success) return setFailure(parsed.error.issues[0]?.message ?? null)
    try {
      // The rule first: once the zone is confirmed this setup is gone.
      if (settings && contactRequired !== settings.emergencyContactRequired)
        await saveSettings.mutateAsync({ ...settings, emergencyContactRequired: contactRequired })
      const saved = await save.mutateAsync(parsed.data)
      const rule = contactRequired ? " Families give an emergency contact before a child's first class." : ''
      const message = { title: 'Time Zone Saved', text: `The academy's days and email times now follow ${saved.timeZone}.${rule}` }
      // The console's date defaults were computed for the page's zone: a new zone reloads them.
      if (saved.timeZone !== pageZone) {
        setFlash(message)
        window.location.reload()
        return
      }
      notify(message)
    } catch (error) {
      setFailure(errorMessage(error, 'Please check your connection and try again.'))
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 rounded-2xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950 shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Set the academy&apos;s time zone
      </h2>
      <p className="mt-1 text-sm">
        Every day the academy records (enrollments, attendance, due dates, the monthly billing) and every time in its emails is counted in this zone. Please
        confirm it before the first run.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-3 space-y-3">
        {failure ? <ErrorAlert title="Failed to save the time zone">{failure}</ErrorAlert> : null}
        <SelectField
          id={`${id}-zone`}
          label="Academy's time zone"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          hint={browser && browser !== choice ? `This browser is in ${browser}.` : 'Days already recorded keep their dates if you change it later.'}
        >
          {zoneChoices(current, browser, choice).map((name) => (
            <option key={name} value={name}>
              {name.replace(/_/g, ' ')}
            </option>
          ))}
        </SelectField>
        {settings ? (
          <div className="flex items-start gap-3">
            <input
              id={`${id}-contact`}
              type="checkbox"
              checked={contactRequired}
              onChange={(event) => setContactRequired(event.target.checked)}
              aria-describedby={`${id}-contact-hint`}
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
            />
            <div>
              <label htmlFor={`${id}-contact`} className="font-semibold">
                Ask for an emergency contact before a child&apos;s first class
              </label>
              <p id={`${id}-contact-hint`} className="text-sm">
                Families are then asked for one when they add a child, and cannot enroll a child without one. The office may still enroll and ask after. Change
                it later in the studio settings.
              </p>
            </div>
          </div>
        ) : null}
        <button type="submit" className={BUTTON.primary} disabled={save.isPending || saveSettings.isPending}>
          {save.isPending || saveSettings.isPending ? 'Saving…' : 'Confirm time zone'}
        </button>
      </form>
    </section>
  )
}
