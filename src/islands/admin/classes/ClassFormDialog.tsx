import { useId, useState, type FormEvent } from 'react'

import { CLASS_SCHEDULE_MESSAGES, EXPERIENCE_LEVELS, type ClassDto } from '#api/classes/schemas'
import { WEEKDAYS } from '#shared/schedule'
import { useCreateClass } from '#islands/api/classes/admin-create-class'
import { useTeachers } from '#islands/api/accounts/admin-list-teachers'
import { useUpdateClass } from '#islands/api/classes/admin-update-class'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { SelectField, TextAreaField, TextField } from '#islands/components/ui/Field'
import { serverFieldErrors, type FieldErrors } from '#islands/lib/form'
import { ApiError } from '#islands/lib/http'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { useNotify } from '#islands/components/ui/Toast'
import { CLASS_FORM_FIELDS, classToFormValues, parseClassForm, type ClassFormValues } from './class-form'
import { ClosuresEditor } from '#islands/admin/closures/ClosuresEditor'
import { useClosuresEditor } from '#islands/admin/closures/use-closures-editor'

const CLOSURE_LIST_MESSAGES = {
  list: CLASS_SCHEDULE_MESSAGES.closures,
  date: CLASS_SCHEDULE_MESSAGES.closureDate,
  twice: CLASS_SCHEDULE_MESSAGES.closureTwice,
}

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
  const teachers = useTeachers()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const currentTeacher = editing ? (teachers.data?.find((teacher) => teacher.classIds.includes(editing.id))?.id ?? null) : null
  const initial: ClassFormValues = editing ? classToFormValues(editing, currentTeacher) : {}
  const [teacherChoice, setTeacherChoice] = useState<string | null>(null)
  const closures = useClosuresEditor(initial.closures ?? [], CLOSURE_LIST_MESSAGES)
  const pending = create.isPending || update.isPending
  const failureTitle = editing ? 'Failed to update class' : 'Failed to create class'

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const form = new FormData(event.currentTarget)
    // A closure typed and not added is added now, or the save stops at it.
    const closureList = closures.forSave()
    const values: ClassFormValues = {
      ...(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')) as Record<string, string>),
      weekdays: form.getAll('weekdays').map(String),
      closures: closureList ?? closures.closures,
    }
    const parsed = parseClassForm(values)
    if (!parsed.ok) return setErrors(parsed.errors)
    if (closureList === null) return setErrors({})
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

  type TextName = Exclude<(typeof CLASS_FORM_FIELDS)[number], 'weekdays' | 'closures'>
  const field = (name: TextName) => ({ id: `${id}-${name}`, name, defaultValue: initial[name] ?? '', error: errors[name] })

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
      </div>

      <WeekdayBoxes
        id={`${id}-weekdays`}
        initial={initial.weekdays ?? []}
        error={errors.weekdays}
        previousText={editing && editing.weekdays.length === 0 ? editing.days : null}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField {...field('startTime')} label="Start Time" type="time" step="300" />
        <TextField {...field('endTime')} label="End Time" type="time" step="300" />
      </div>
      {editing && !editing.startTime ? <p className="text-sm text-gray-700">Time was written as “{editing.time}”: please set the start and end.</p> : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('location')} label="Location" placeholder="Studio A" />
        <TextField {...field('room')} label="Room (optional)" placeholder="Room 2" maxLength={100} />
        <TextField {...field('instructor')} label="Instructor" placeholder="Ms. Rivera" hint="The name families read." />
        <SelectField
          id={`${id}-teacherId`}
          name="teacherId"
          label="Teacher Account (optional)"
          value={teacherChoice ?? initial.teacherId ?? ''}
          onChange={(event) => setTeacherChoice(event.target.value)}
          error={errors.teacherId ?? (teachers.isError ? 'Failed to load teacher accounts' : undefined)}
          hint="The account that takes attendance for this class at /teach."
        >
          <option value="">No teacher account</option>
          {(teachers.data ?? []).map((teacher) => (
            <option key={teacher.id} value={String(teacher.id)}>
              {teacher.fullName} ({teacher.username})
            </option>
          ))}
        </SelectField>
      </div>

      <div className="grid grid-cols-2 gap-4">
        <TextField {...field('termStart')} label="Term Start (optional)" type="date" />
        <TextField {...field('termEnd')} label="Term End (optional)" type="date" />
      </div>
      <ClosuresEditor
        id={`${id}-closures`}
        legend="Closures (optional)"
        hint="Days this class does not meet, besides the academy's closures. A break of several days is one closure."
        closures={closures.closures}
        onRemove={closures.remove}
        draft={closures.draft}
        onDraftChange={closures.setDraft}
        onAdd={closures.add}
        error={closures.problem ?? errors.closures}
      />

      <div className="grid gap-4 sm:grid-cols-2">
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

/** The days of the week as boxes to tick (decisions §14); the server writes the `days` text from them. */
function WeekdayBoxes({ id, initial, error, previousText }: { id: string; initial: readonly string[]; error?: string; previousText: string | null }) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-ink">Days</legend>
      {previousText ? <p className="mt-1 text-sm text-gray-700">Days were written as “{previousText}”: please tick the days.</p> : null}
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {WEEKDAYS.map((day) => (
          <label
            key={day}
            className="flex min-h-11 items-center gap-2 rounded-xl border border-gray-300 px-3 py-2 text-sm text-ink has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input type="checkbox" name="weekdays" value={day} defaultChecked={initial.includes(day)} className="h-5 w-5 accent-brand-700" />
            {day}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
