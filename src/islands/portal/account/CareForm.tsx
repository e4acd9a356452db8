import { useId, useState, type FormEvent } from 'react'

import { careInputSchema, type CareDto } from '#api/care/schemas'
import { useSaveStudentCare } from '#islands/api/care/save-student-care'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { TextAreaField, TextField } from '#islands/components/ui/Field'
import { BUTTON } from '#islands/components/ui/styles'
import { useNotify } from '#islands/components/ui/Toast'
import type { FieldErrors } from '#islands/lib/form'
import { ApiError, errorMessage } from '#islands/lib/http'
import { careInput, careValues, EMPTY_PERSON, validateAll, type CareValues } from './care-form'
import { PersonFields } from './PersonFields'

const FIELDSET = 'space-y-3 rounded-2xl border border-gray-200 p-3'

/** The care information of one child (issue 24): emergency contacts, allergies, medical notes, doctor, photos. */
export function CareForm({ care }: { care: CareDto }) {
  const prefix = useId()
  const notify = useNotify()
  const save = useSaveStudentCare()
  const [values, setValues] = useState<CareValues>(() => careValues(care))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const set = (next: Partial<CareValues>) => setValues((current) => ({ ...current, ...next }))
  const contacts = values.emergencyContacts

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const checked = validateAll(careInputSchema, careInput(values))
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    try {
      await save.mutateAsync({ id: care.studentId, care: checked.data })
      notify({ title: 'Care Information Saved', text: `${care.studentName}'s care information has been saved.` })
    } catch (error) {
      if (error instanceof ApiError) setErrors(Object.fromEntries(error.errors.map((e) => [e.path, e.message])))
      setFailure(errorMessage(error, 'Could not save the care information. Please try again.'))
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Care information" className="space-y-4">
      {failure ? <ErrorAlert title="Not saved">{failure}</ErrorAlert> : null}
      <fieldset className={FIELDSET}>
        <legend className="px-1 font-semibold">Emergency contacts</legend>
        <p className="text-sm text-gray-700">Who the studio calls if something happens in class. At least one is needed before the first class.</p>
        {contacts.length === 0 ? <p className="text-sm font-semibold text-amber-900">No emergency contact yet.</p> : null}
        {contacts.map((contact, index) => (
          <fieldset key={index} className="space-y-2 border-t border-gray-200 pt-3">
            <legend className="text-sm font-semibold">Emergency contact {index + 1}</legend>
            <PersonFields
              idPrefix={`${prefix}-contact-${index}`}
              value={contact}
              path={`emergencyContacts.${index}`}
              errors={errors}
              onChange={(next) => set({ emergencyContacts: contacts.map((c, i) => (i === index ? next : c)) })}
            />
            <button type="button" className={BUTTON.dangerOutline} onClick={() => set({ emergencyContacts: contacts.filter((_c, i) => i !== index) })}>
              Remove emergency contact {index + 1}
            </button>
          </fieldset>
        ))}
        {errors.emergencyContacts ? <p className="text-sm font-medium text-red-800">{errors.emergencyContacts}</p> : null}
        {contacts.length < 5 ? (
          <button type="button" className={BUTTON.secondary} onClick={() => set({ emergencyContacts: [...contacts, { ...EMPTY_PERSON }] })}>
            Add emergency contact
          </button>
        ) : null}
      </fieldset>

      <fieldset className={FIELDSET}>
        <legend className="px-1 font-semibold">Health</legend>
        <TextAreaField
          id={`${prefix}-allergies`}
          label="Allergies"
          hint="Shown to the teacher on the class roster."
          rows={2}
          value={values.allergies}
          onChange={(e) => set({ allergies: e.target.value })}
          error={errors.allergies}
        />
        <TextAreaField
          id={`${prefix}-medical`}
          label="Medical notes"
          hint="Only the child's teachers and the studio can read them, and every read is recorded."
          rows={3}
          value={values.medicalNotes}
          onChange={(e) => set({ medicalNotes: e.target.value })}
          error={errors.medicalNotes}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={`${prefix}-doctor-name`}
            label="Doctor’s name"
            autoComplete="off"
            value={values.doctor.name}
            onChange={(e) => set({ doctor: { ...values.doctor, name: e.target.value } })}
            error={errors['doctor.name']}
          />
          <TextField
            id={`${prefix}-doctor-phone`}
            label="Doctor’s phone"
            type="tel"
            autoComplete="off"
            value={values.doctor.phone}
            onChange={(e) => set({ doctor: { ...values.doctor, phone: e.target.value } })}
            error={errors['doctor.phone']}
          />
        </div>
      </fieldset>

      <fieldset className={FIELDSET}>
        <legend className="px-1 font-semibold">May {care.studentName} be photographed?</legend>
        <div className="flex flex-wrap gap-4">
          {(['yes', 'no'] as const).map((choice) => (
            <label key={choice} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${prefix}-photo`}
                value={choice}
                checked={values.mayBePhotographed === choice}
                onChange={() => set({ mayBePhotographed: choice })}
                className="h-5 w-5"
              />
              {choice === 'yes' ? 'Yes, in studio photos' : 'No photos, please'}
            </label>
          ))}
        </div>
        {errors.mayBePhotographed ? <p className="text-sm font-medium text-red-800">{errors.mayBePhotographed}</p> : null}
      </fieldset>

      <button type="submit" className={`${BUTTON.primary} w-full`} disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save care information'}
      </button>
    </form>
  )
}
