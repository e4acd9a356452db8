import { useEffect, useId, useRef, useState, type FormEvent } from 'react'

import { EXPERIENCE_LEVELS } from '#api/classes/schemas'
import { emergencyContactSchema, latestToday, studentInputSchema } from '#api/students/schemas'
import { useCreateStudent } from '#islands/api/students/create-student'
import { SubmitButton } from '#islands/components/ui/Button'
import { SelectField, TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { serverFieldErrors, validate, type FieldErrors } from '#islands/lib/form'
import { ApiError, errorMessage } from '#islands/lib/http'
import { PORTAL_TEXT } from '#islands/portal/texts'

const FIELDS = ['fullName', 'dateOfBirth', 'experienceLevel'] as const

/**
 * The inline Add Student form of /account (spec §2, §5 "Add student"), with an optional emergency
 * contact: asked here, with the child, so a family seldom meets the first-class refusal when the
 * studio asks for one (`contactRequired`, a studio setting, decisions §37).
 */
export function AddStudentForm({ id, onDone, contactRequired = false }: { id: string; onDone: () => void; contactRequired?: boolean }) {
  const notify = useNotify()
  const prefix = useId()
  const create = useCreateStudent()
  const [errors, setErrors] = useState<FieldErrors>({})
  const first = useRef<HTMLInputElement>(null)
  useEffect(() => first.current?.focus(), [])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { emergencyName, emergencyPhone, ...values } = Object.fromEntries(new FormData(event.currentTarget))
    const contact = { name: String(emergencyName ?? ''), phone: String(emergencyPhone ?? '') }
    const checked = validate(studentInputSchema, { ...values, emergencyContact: contact })
    if (!checked.ok) {
      // The contact's two fields each show their own message (decisions §9).
      const contactErrors = validate(emergencyContactSchema, contact)
      const { emergencyContact: _contact, ...fieldErrors } = checked.errors
      return setErrors(
        contactErrors.ok ? fieldErrors : { ...fieldErrors, emergencyName: contactErrors.errors.name, emergencyPhone: contactErrors.errors.phone },
      )
    }
    setErrors({})
    try {
      const student = await create.mutateAsync(checked.data)
      notify({ title: PORTAL_TEXT.studentAdded, text: `${student.fullName} has been added to your account.` })
      onDone()
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, FIELDS))
      notify({ title: 'Error', text: errorMessage(error, PORTAL_TEXT.addStudentError), tone: 'error' })
    }
  }

  const field = (name: string) => `${prefix}-${name}`
  return (
    <form id={id} noValidate onSubmit={onSubmit} aria-label="Add Student" className="mt-3 space-y-3 rounded-2xl border border-brand-100 bg-brand-50 p-4">
      <TextField ref={first} id={field('fullName')} name="fullName" label="Full Name" autoComplete="off" error={errors.fullName} required />
      <TextField id={field('dateOfBirth')} name="dateOfBirth" type="date" label="Date of Birth" max={latestToday()} error={errors.dateOfBirth} required />
      <SelectField id={field('experienceLevel')} name="experienceLevel" label="Experience Level" defaultValue="Beginner" error={errors.experienceLevel}>
        {EXPERIENCE_LEVELS.map((level) => (
          <option key={level} value={level}>
            {level}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-3">
        <legend className="font-semibold">
          Emergency contact{' '}
          <span className="font-normal text-gray-700">
            {contactRequired ? '(needed before the first class, shown to the teacher)' : '(optional, shown to the teacher)'}
          </span>
        </legend>
        <TextField id={field('emergencyName')} name="emergencyName" label="Contact Name" autoComplete="off" error={errors.emergencyName} />
        <TextField id={field('emergencyPhone')} name="emergencyPhone" type="tel" label="Contact Phone" autoComplete="off" error={errors.emergencyPhone} />
      </fieldset>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <SubmitButton pending={create.isPending} pendingLabel="Adding...">
          Add Student
        </SubmitButton>
        <button
          type="button"
          onClick={onDone}
          className="inline-flex w-full items-center justify-center rounded-full border border-gray-400 bg-white px-6 py-3 font-semibold text-ink hover:bg-gray-50"
        >
          Cancel
        </button>
      </div>
    </form>
  )
}
