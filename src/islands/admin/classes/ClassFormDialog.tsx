import { useId, useState, type FormEvent } from 'react'

import { EXPERIENCE_LEVELS, type ClassDto } from '#api/schemas/classes'
import { useCreateClass } from '#islands/api/admin-create-class'
import { useUpdateClass } from '#islands/api/admin-update-class'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { TextAreaField, TextField } from '#islands/components/ui/Field'
import { serverFieldErrors, type FieldErrors } from '#islands/lib/form'
import { ApiError } from '#islands/lib/http'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { useNotify } from '#islands/components/ui/Toast'
import { CLASS_FORM_FIELDS, classToFormValues, parseClassForm, type ClassFormValues } from './class-form'

/** `editing` null: Add New Class; a class: edit it. */
export function ClassFormDialog({ open, editing, onClose }: { open: boolean; editing: ClassDto | null; onClose: () => void }) {
  return (
    <Dialog closeButton open={open} onClose={onClose} title={editing ? 'Edit Class' : 'Add New Class'} wide>
      {open ? <ClassForm key={editing?.id ?? 'new'} editing={editing} onDone={onClose} /> : null}
    </Dialog>
  )
}

function ClassForm({ editing, onDone }: { editing: ClassDto | null; onDone: () => void }) {
  const id = useId()
  const create = useCreateClass()
  const update = useUpdateClass()
  const notify = useNotify()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const initial: ClassFormValues = editing ? classToFormValues(editing) : {}
  const pending = create.isPending || update.isPending
  const failureTitle = editing ? 'Failed to update class' : 'Failed to create class'

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const values = Object.fromEntries(new FormData(event.currentTarget)) as ClassFormValues
    const parsed = parseClassForm(values)
    if (!parsed.ok) return setErrors(parsed.errors)
    setErrors({})
    try {
      if (editing) {
        const saved = await update.mutateAsync({ id: editing.id, input: parsed.data })
        notify({ title: 'Class Updated', text: `${saved.name} has been updated.` })
      } else {
        const saved = await create.mutateAsync(parsed.data)
        notify({ title: 'Class Created', text: `${saved.name} has been added to the class list.` })
      }
      onDone()
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, CLASS_FORM_FIELDS))
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please check your connection and try again.')
    }
  }

  const field = (name: (typeof CLASS_FORM_FIELDS)[number]) => ({ id: `${id}-${name}`, name, defaultValue: initial[name] ?? '', error: errors[name] })

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {failure ? <ErrorAlert title={failureTitle}>{failure}</ErrorAlert> : null}
      <TextField {...field('name')} label="Class Name" maxLength={120} />
      <TextAreaField {...field('description')} label="Description" rows={3} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('ageGroup')} label="Age Group" placeholder="6-8" hint='A range such as "6-8" or an open group such as "18+".' />
        <TextField {...field('level')} label="Level" list={`${id}-levels`} placeholder="Beginner" />
        <datalist id={`${id}-levels`}>
          {[...EXPERIENCE_LEVELS, 'All Levels'].map((level) => (
            <option key={level} value={level} />
          ))}
        </datalist>
        <TextField {...field('days')} label="Days" placeholder="Monday & Wednesday" />
        <TextField {...field('time')} label="Time" placeholder="4:00-5:00pm" />
        <TextField {...field('location')} label="Location" placeholder="Studio A" />
        <TextField {...field('instructor')} label="Instructor" placeholder="Ms. Rivera" />
        <TextField
          {...field('price')}
          label="Monthly Price (USD)"
          inputMode="decimal"
          placeholder="65.00"
          hint="In dollars, for example 65 or 65.00. Families see it per month."
        />
        <TextField
          {...field('capacity')}
          label="Capacity (optional)"
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          hint="The most students this class takes. Leave empty for no limit."
        />
      </div>
      <FormDialogActions onCancel={onDone} pending={pending} submitLabel={editing ? 'Save Changes' : 'Create Class'} pendingLabel="Saving…" />
    </form>
  )
}
