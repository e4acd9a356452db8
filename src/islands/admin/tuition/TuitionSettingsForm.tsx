import { useId, useState, type FormEvent } from 'react'

import { TUITION_SETTINGS_MESSAGES, type TuitionSettingsDto } from '#api/studio/tuition-settings.schemas'
import { useSaveTuitionSettings } from '#islands/api/tuition/admin-save-tuition-settings'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { SelectField, TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { ClosuresEditor } from '#islands/admin/closures/ClosuresEditor'
import { useClosuresEditor } from '#islands/admin/closures/use-closures-editor'
import { serverFieldErrors, type FieldErrors } from '#islands/lib/form'
import { ApiError } from '#islands/lib/http'
import { parseTuitionForm, toFormValues, TUITION_FORM_FIELDS, type TuitionFormValues } from './tuition-form'

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

const CLOSURE_LIST_MESSAGES = {
  list: TUITION_SETTINGS_MESSAGES.closures,
  date: TUITION_SETTINGS_MESSAGES.closureDate,
  twice: TUITION_SETTINGS_MESSAGES.closureTwice,
}

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
  const closures = useClosuresEditor(settings.closures, CLOSURE_LIST_MESSAGES)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    // A closure typed and not added is added now, or the save stops at it.
    const closureList = closures.forSave()
    const parsed = parseTuitionForm({ ...values, closures: closureList ?? closures.closures })
    if (!parsed.ok) return setErrors(parsed.errors)
    setErrors({})
    if (closureList === null) return
    try {
      const saved = await save.mutateAsync(parsed.data)
      setValues(toFormValues(saved))
      closures.reset(saved.closures)
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

      <ClosuresEditor
        id={`${id}-closures`}
        legend="Closures"
        hint="Days with no class: tuition of a month counts only the classes held. A break of several days is one closure."
        closures={closures.closures}
        onRemove={closures.remove}
        draft={closures.draft}
        onDraftChange={closures.setDraft}
        onAdd={closures.add}
        error={closures.problem ?? errors.closures}
      />

      <div className="flex justify-end">
        <button type="submit" className={BUTTON.primary} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Settings'}
        </button>
      </div>
    </form>
  )
}
