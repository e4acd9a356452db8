import { useId, useState, type FormEvent } from 'react'

import { EXPERIENCE_LEVELS } from '#api/classes/schemas'
import { emergencyContactSchema, latestToday, studentInputSchema, type StudentDto } from '#api/students/schemas'
import { useUpdateStudent } from '#islands/api/students/update-student'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { SelectField, TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { serverFieldErrors, validate, type FieldErrors } from '#islands/lib/form'
import { ApiError, errorMessage } from '#islands/lib/http'

const FIELDS = ['fullName', 'dateOfBirth', 'experienceLevel'] as const

/**
 * Edit a child (decisions §18): name, date of birth, level and emergency contact, checked by the
 * schema of adding one. A refusal (a date of birth outside a class's age group) shows inside.
 */
export function EditStudentDialog({ student, onClose }: { student: StudentDto | null; onClose: () => void }) {
  const prefix = useId()
  const notify = useNotify()
  const update = useUpdateStudent()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)

  function close() {
    setErrors({})
    setFailure(null)
    onClose()
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!student) return
    const { emergencyName, emergencyPhone, ...values } = Object.fromEntries(new FormData(event.currentTarget))
    const contact = { name: String(emergencyName ?? ''), phone: String(emergencyPhone ?? '') }
    const checked = validate(studentInputSchema, { ...values, emergencyContact: contact })
    if (!checked.ok) {
      const contactErrors = validate(emergencyContactSchema, contact)
      const { emergencyContact: _contact, ...fieldErrors } = checked.errors
      return setErrors(
        contactErrors.ok ? fieldErrors : { ...fieldErrors, emergencyName: contactErrors.errors.name, emergencyPhone: contactErrors.errors.phone },
      )
    }
    setErrors({})
    setFailure(null)
    try {
      const saved = await update.mutateAsync({ id: student.id, input: checked.data })
      notify({ title: 'Student Updated', text: `${saved.fullName}'s details have been saved.` })
      close()
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, FIELDS))
      setFailure(errorMessage(error, 'Could not save the changes. Please try again.'))
    }
  }

  const field = (name: string) => `${prefix}-${name}`
  return (
    <Dialog open={student !== null} onClose={close} title={student ? `Edit ${student.fullName}` : 'Edit Student'}>
      {student ? (
        <form noValidate onSubmit={onSubmit} className="space-y-3" key={student.id} aria-label={`Edit ${student.fullName}`}>
          {failure ? <ErrorAlert title="Not saved">{failure}</ErrorAlert> : null}
          <TextField
            id={field('fullName')}
            name="fullName"
            label="Full Name"
            autoComplete="off"
            defaultValue={student.fullName}
            error={errors.fullName}
            required
          />
          <TextField
            id={field('dateOfBirth')}
            name="dateOfBirth"
            type="date"
            label="Date of Birth"
            max={latestToday()}
            defaultValue={student.dateOfBirth}
            error={errors.dateOfBirth}
            required
          />
          <SelectField
            id={field('experienceLevel')}
            name="experienceLevel"
            label="Experience Level"
            defaultValue={student.experienceLevel}
            error={errors.experienceLevel}
          >
            {EXPERIENCE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </SelectField>
          <fieldset className="space-y-3">
            <legend className="font-semibold">
              Emergency contact <span className="font-normal text-gray-700">(optional, shown to the teacher)</span>
            </legend>
            <TextField
              id={field('emergencyName')}
              name="emergencyName"
              label="Contact Name"
              autoComplete="off"
              defaultValue={student.emergencyContact?.name ?? ''}
              error={errors.emergencyName}
            />
            <TextField
              id={field('emergencyPhone')}
              name="emergencyPhone"
              type="tel"
              label="Contact Phone"
              autoComplete="off"
              defaultValue={student.emergencyContact?.phone ?? ''}
              error={errors.emergencyPhone}
            />
          </fieldset>
          <FormDialogActions onCancel={close} pending={update.isPending} submitLabel="Save Changes" pendingLabel="Saving…" />
        </form>
      ) : null}
    </Dialog>
  )
}
