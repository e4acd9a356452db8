import { useId, useState, type FormEvent } from 'react'

import { emergencyContactSchema, type StudentDto } from '#api/students/schemas'
import { useUpdateEmergencyContact } from '#islands/api/students/update-emergency-contact'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { validate, type FieldErrors } from '#islands/lib/form'
import { errorMessage } from '#islands/lib/http'

/** Changes or clears a student's emergency contact (decisions §9), which the teacher sees on the roster. */
export function EmergencyContactDialog({ student, onClose }: { student: StudentDto | null; onClose: () => void }) {
  const prefix = useId()
  const notify = useNotify()
  const update = useUpdateEmergencyContact()
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
    const form = new FormData(event.currentTarget)
    const checked = validate(emergencyContactSchema, { name: String(form.get('name') ?? ''), phone: String(form.get('phone') ?? '') })
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    try {
      await update.mutateAsync({ id: student.id, emergencyContact: checked.data })
      notify({ title: 'Emergency Contact Saved', text: `${student.fullName}'s emergency contact has been updated.` })
      close()
    } catch (error) {
      setFailure(errorMessage(error, 'Could not save the emergency contact. Please try again.'))
    }
  }

  return (
    <Dialog
      open={student !== null}
      onClose={close}
      title={student ? `Emergency contact of ${student.fullName}` : 'Emergency contact'}
      description="Shown to the teacher on the class roster. Leave both fields empty to remove it."
    >
      {student ? (
        <form noValidate onSubmit={onSubmit} className="space-y-3" key={student.id}>
          {failure ? <ErrorAlert title="Not saved">{failure}</ErrorAlert> : null}
          <TextField id={`${prefix}-name`} name="name" label="Contact Name" defaultValue={student.emergencyContact?.name ?? ''} error={errors.name} />
          <TextField
            id={`${prefix}-phone`}
            name="phone"
            type="tel"
            label="Contact Phone"
            defaultValue={student.emergencyContact?.phone ?? ''}
            error={errors.phone}
          />
          <FormDialogActions onCancel={close} pending={update.isPending} submitLabel="Save" pendingLabel="Saving…" />
        </form>
      ) : null}
    </Dialog>
  )
}
