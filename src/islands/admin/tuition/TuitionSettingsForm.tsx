import { useId, useState, type FormEvent } from 'react'

import type { TuitionSettingsDto } from '#api/studio/tuition-settings.schemas'
import { useSaveTuitionSettings } from '#islands/api/admin-save-tuition-settings'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { SelectField, TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { serverFieldErrors, type FieldErrors } from '#islands/lib/form'
import { ApiError } from '#islands/lib/http'
import { parseTuitionForm, toFormValues, TUITION_FORM_FIELDS, type TuitionFormValues } from './tuition-form'

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

type TextKey = Exclude<keyof TuitionFormValues, 'closures' | 'seasonStartMonth'>

/** Every tuition setting in one form (decisions §11); the shared schema's messages, then the server's. */
export function TuitionSettingsForm({ settings }: { settings: TuitionSettingsDto }) {
  const id = useId()
  const save = useSaveTuitionSettings()
  const notify = useNotify()
  const [values, setValues] = useState<TuitionFormValues>(() => toFormValues(settings))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)

  const set = (key: keyof TuitionFormValues, value: string) => setValues((current) => ({ ...current, [key]: value }))
  const setClosure = (index: number, patch: Partial<{ date: string; label: string }>) =>
    setValues((current) => ({ ...current, closures: current.closures.map((closure, i) => (i === index ? { ...closure, ...patch } : closure)) }))

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const parsed = parseTuitionForm(values)
    if (!parsed.ok) return setErrors(parsed.errors)
    setErrors({})
    try {
      const saved = await save.mutateAsync(parsed.data)
      setValues(toFormValues(saved))
      notify({ title: 'Tuition Settings Saved', text: 'The next run bills with these settings.' })
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, TUITION_FORM_FIELDS))
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please check your connection and try again.')
    }
  }

  const field = (key: TextKey, errorKey: string, label: string, hint?: string, inputMode: 'numeric' | 'decimal' = 'numeric') => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      value={values[key]}
      onChange={(event) => set(key, event.target.value)}
      inputMode={inputMode}
      autoComplete="off"
      error={errors[errorKey]}
      hint={hint}
    />
  )

  return (
    <form noValidate onSubmit={onSubmit} className={`${CARD} space-y-4`} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        Tuition settings
      </h3>
      {failure ? <ErrorAlert title="Failed to save the tuition settings">{failure}</ErrorAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('billingDay', 'billingDay', 'Billing day of the month', 'From 1 to 28: the day each month is invoiced and due.')}
        <SelectField
          id={`${id}-seasonStartMonth`}
          label="Season starts in"
          value={values.seasonStartMonth}
          onChange={(event) => set('seasonStartMonth', event.target.value)}
          error={errors.seasonStartMonth}
          hint="The registration fee is charged once per season."
        >
          {MONTHS.map((name, index) => (
            <option key={name} value={String(index + 1)}>
              {name}
            </option>
          ))}
        </SelectField>
        {field('registrationFee', 'registrationFeeCents', 'Registration fee per family per season (USD)', '0 for none.', 'decimal')}
        {field('siblingDiscountPercent', 'siblingDiscountPercent', 'Sibling discount (%)', 'Off each further student’s tuition.')}
        {field('multiClassDiscountPercent', 'multiClassDiscountPercent', 'Multi-class discount (%)', 'Off each further class of one student.')}
        {field('familyDiscountCap', 'familyDiscountCapCents', 'Family discount cap per month (USD)', 'Empty for no cap.', 'decimal')}
        {field('lateFee', 'lateFeeCents', 'Late fee (USD)', '0 for none.', 'decimal')}
        {field('lateFeeAfterDays', 'lateFeeAfterDays', 'Late fee after (days)', 'Days after the due date.')}
      </div>

      <fieldset className="space-y-3" aria-describedby={errors.closures ? `${id}-closures-error` : undefined}>
        <legend className="text-sm font-semibold text-ink">Closures</legend>
        <p className="text-sm text-gray-700">Days with no class: tuition of a month counts only the classes held.</p>
        {values.closures.length === 0 ? <p className="text-sm text-gray-700">No closures.</p> : null}
        <ul className="space-y-3" aria-label="Closures">
          {values.closures.map((closure, index) => (
            <li key={index} className="grid gap-2 rounded-xl border border-gray-200 p-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
              <TextField
                id={`${id}-closure-${index}-date`}
                label={`Closure ${index + 1} date`}
                type="date"
                value={closure.date}
                onChange={(event) => setClosure(index, { date: event.target.value })}
              />
              <TextField
                id={`${id}-closure-${index}-label`}
                label={`Closure ${index + 1} label (optional)`}
                value={closure.label}
                maxLength={100}
                onChange={(event) => setClosure(index, { label: event.target.value })}
              />
              <button
                type="button"
                className={BUTTON.dangerOutline}
                onClick={() => setValues((current) => ({ ...current, closures: current.closures.filter((_, i) => i !== index) }))}
              >
                Remove<span className="sr-only"> closure {index + 1}</span>
              </button>
            </li>
          ))}
        </ul>
        {errors.closures ? (
          <p id={`${id}-closures-error`} className="text-sm font-medium text-red-800">
            {errors.closures}
          </p>
        ) : null}
        <button
          type="button"
          className={BUTTON.secondary}
          onClick={() => setValues((current) => ({ ...current, closures: [...current.closures, { date: '', label: '' }] }))}
        >
          Add a closure
        </button>
      </fieldset>

      <div className="flex justify-end">
        <button type="submit" className={BUTTON.primary} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Settings'}
        </button>
      </div>
    </form>
  )
}
