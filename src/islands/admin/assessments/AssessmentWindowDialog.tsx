import { useState, type FormEvent } from 'react'

import { assessmentWindowInputSchema, type AdminAssessmentWindowDto } from '#api/levels/assessment.schemas'
import { useClasses } from '#islands/api/classes/list-classes'
import { useSaveAssessmentWindow } from '#islands/api/levels/admin-assessments'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { TextField } from '#islands/components/ui/Field'
import { Loading } from '#islands/components/ui/LoadState'
import { useNotify } from '#islands/components/ui/Toast'
import { serverFieldErrors, validate, type FieldErrors } from '#islands/lib/form'
import { ApiError, errorMessage } from '#islands/lib/http'
import { formatCalendarDay } from '#shared/dates'

const FIELDS = ['name', 'opensOn', 'closesOn', 'classIds'] as const
type Values = { name: string; opensOn: string; closesOn: string; classIds: number[] }

const valuesOf = (window: AdminAssessmentWindowDto | null): Values =>
  window
    ? { name: window.name, opensOn: window.opensOn, closesOn: window.closesOn, classIds: window.classes.map((c) => c.id) }
    : { name: '', opensOn: '', closesOn: '', classIds: [] }

/** The server's refusal of classes with no syllabus level: a confirmation answers it (confirmNoLevel). */
function noLevelRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.status === 409 ? (error.errors.find((e) => e.path === 'confirmNoLevel')?.message ?? null) : null
}

/**
 * A new assessment window, or one not yet published changed (issue 41): its name, days and
 * classes; teachers score with the window's scale (the 1–4 default for a new one). Classes with
 * no syllabus level are named by the server before it opens the window, and 'Open anyway' sends
 * it again with the administrator's confirmation.
 */
export function AssessmentWindowDialog({ window, onClose }: { window: AdminAssessmentWindowDto | null; onClose: () => void }) {
  const classes = useClasses()
  const save = useSaveAssessmentWindow()
  const notify = useNotify()
  const [values, setValues] = useState<Values>(() => valuesOf(window))
  const [errors, setErrors] = useState<FieldErrors>({})
  // The server's naming of classes with no level, until the classes change or a save is sent again.
  const noLevel = noLevelRefusal(save.error)
  const editing = window !== null

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = validate(assessmentWindowInputSchema, { ...values, confirmNoLevel: noLevel !== null })
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    save.mutate(
      { id: window?.id ?? null, input: checked.data },
      {
        onSuccess: (saved) => {
          notify({
            title: editing ? 'Assessment saved' : 'Assessment opened',
            text: `${saved.name}, ${formatCalendarDay(saved.opensOn)} to ${formatCalendarDay(saved.closesOn)}: teachers score ${saved.classes.length === 1 ? 'its class' : `its ${saved.classes.length} classes`} in those days.`,
          })
          onClose()
        },
        onError: (error) => {
          if (!noLevelRefusal(error) && error instanceof ApiError) setErrors(serverFieldErrors(error.errors, FIELDS))
        },
      },
    )
  }

  const field = (name: 'name' | 'opensOn' | 'closesOn') => ({
    id: `assessment-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  })

  function toggle(classId: number, on: boolean) {
    // Another choice of classes is another question: the server names what it finds again.
    save.reset()
    setValues((v) => ({ ...v, classIds: on ? [...v.classIds, classId] : v.classIds.filter((id) => id !== classId) }))
  }

  const shownError = save.error && !noLevel && !(save.error instanceof ApiError && save.error.errors.length) ? save.error : null

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? `Change ${window.name}` : 'New assessment'}
      description="Teachers score the students of these classes between these days; families see the report cards once you publish them."
    >
      <form noValidate onSubmit={submit} className="space-y-3">
        <TextField label="Name" placeholder="Spring assessment" autoComplete="off" {...field('name')} />
        <TextField label="Opens on" type="date" {...field('opensOn')} />
        <TextField label="Closes on" type="date" hint="On or after the day it opens." {...field('closesOn')} />
        <fieldset aria-describedby={errors.classIds ? 'assessment-classes-error' : undefined}>
          <legend className="text-sm font-semibold">Classes</legend>
          {classes.isPending ? (
            <Loading label="Loading classes…" />
          ) : classes.isError ? (
            <p className="text-sm text-red-800">{errorMessage(classes.error, 'Could not load the classes.')}</p>
          ) : (
            <ul className="mt-1 max-h-64 space-y-1 overflow-y-auto">
              {classes.data.map((cls) => (
                <li key={cls.id}>
                  <label className="flex min-h-11 items-center gap-3 text-sm">
                    <input
                      type="checkbox"
                      className="h-5 w-5"
                      checked={values.classIds.includes(cls.id)}
                      onChange={(event) => toggle(cls.id, event.target.checked)}
                    />
                    <span>
                      {cls.name}
                      {cls.season ? <span className="text-gray-700"> · {cls.season.name}</span> : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {errors.classIds ? (
            <p id="assessment-classes-error" className="mt-1 text-sm font-medium text-red-800">
              {errors.classIds}
            </p>
          ) : null}
        </fieldset>
        {noLevel ? <ErrorAlert title="Nothing to score for some students">{noLevel}</ErrorAlert> : null}
        {shownError ? <ErrorAlert title={editing ? 'Not saved' : 'Not opened'}>{errorMessage(shownError, 'Please try again.')}</ErrorAlert> : null}
        <FormDialogActions
          onCancel={onClose}
          pending={save.isPending}
          submitLabel={noLevel ? 'Open anyway' : editing ? 'Save changes' : 'Open assessment'}
          pendingLabel={editing ? 'Saving…' : 'Opening…'}
        />
      </form>
    </Dialog>
  )
}
