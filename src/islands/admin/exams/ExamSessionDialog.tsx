import { useState, type FormEvent } from 'react'

import { EXAM_MESSAGES, examSessionInputSchema } from '#api/exams/schemas'
import { useCreateExamSession, useLevels } from '#islands/api/exams/admin-exams'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { TextField } from '#islands/components/ui/Field'
import { Loading } from '#islands/components/ui/LoadState'
import { useNotify } from '#islands/components/ui/Toast'
import { serverFieldErrors, validate, type FieldErrors } from '#islands/lib/form'
import { ApiError, errorMessage } from '#islands/lib/http'
import { formatCalendarDay } from '#shared/dates'
import { parseDollarsToCents } from '#shared/money'

const FIELDS = ['syllabus', 'venue', 'date', 'entryDeadline', 'fees'] as const
const EMPTY = { syllabus: '', venue: '', date: '', entryDeadline: '' }

/**
 * A new exam session (decisions §29): syllabus, exam day, venue, entry deadline and the fee of
 * each grade offered (a grade left blank is not offered). The shared schema's messages show
 * under their fields, the server's too.
 */
export function ExamSessionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const levels = useLevels()
  const create = useCreateExamSession()
  const notify = useNotify()
  const [values, setValues] = useState(EMPTY)
  const [fees, setFees] = useState<Record<number, string>>({})
  const [errors, setErrors] = useState<FieldErrors>({})

  function close() {
    setValues(EMPTY)
    setFees({})
    setErrors({})
    create.reset()
    onClose()
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const entered = Object.entries(fees).filter(([, text]) => text.trim() !== '')
    const parsed = entered.map(([levelId, text]) => ({ levelId: Number(levelId), feeCents: parseDollarsToCents(text) ?? Number.NaN }))
    if (parsed.some((fee) => Number.isNaN(fee.feeCents))) {
      // The other fields' messages too, checked with a stand-in fee.
      const others = validate(examSessionInputSchema, { ...values, fees: [{ levelId: 1, feeCents: 0 }] })
      setErrors({ ...(others.ok ? {} : others.errors), fees: EXAM_MESSAGES.fee })
      return
    }
    const checked = validate(examSessionInputSchema, { ...values, fees: parsed })
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    create.mutate(checked.data, {
      onSuccess: (session) => {
        notify({ title: 'Exam session created', text: `${session.syllabus}, ${formatCalendarDay(session.date)}: teachers may propose candidates.` })
        close()
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, FIELDS))
      },
    })
  }

  const field = (name: keyof typeof EMPTY) => ({
    id: `exam-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  })

  return (
    <Dialog open={open} onClose={close} title="New exam session" description="Teachers propose candidates until the entry deadline.">
      <form noValidate onSubmit={submit} className="space-y-3">
        <TextField label="Syllabus" placeholder="RAD" autoComplete="off" {...field('syllabus')} />
        <TextField label="Venue" autoComplete="off" {...field('venue')} />
        <TextField label="Exam date" type="date" {...field('date')} />
        <TextField label="Entry deadline" type="date" hint="On or before the exam date." {...field('entryDeadline')} />
        <fieldset aria-describedby={errors.fees ? 'exam-fees-error' : undefined}>
          <legend className="text-sm font-semibold">Fee per grade</legend>
          <p className="text-sm text-gray-700">Leave a grade blank if this session does not offer it.</p>
          {levels.isPending ? (
            <Loading label="Loading grades…" />
          ) : levels.isError ? (
            <p className="text-sm text-red-800">{errorMessage(levels.error, 'Could not load the grades.')}</p>
          ) : (
            <div className="mt-1 grid grid-cols-2 gap-x-3">
              {levels.data.map((level) => (
                <TextField
                  key={level.id}
                  id={`exam-fee-${level.id}`}
                  label={`${level.name} ($)`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={fees[level.id] ?? ''}
                  onChange={(event) => setFees((f) => ({ ...f, [level.id]: event.target.value }))}
                />
              ))}
            </div>
          )}
          {errors.fees ? (
            <p id="exam-fees-error" className="mt-1 text-sm font-medium text-red-800">
              {errors.fees}
            </p>
          ) : null}
        </fieldset>
        {create.error && !(create.error instanceof ApiError && create.error.errors.length) ? (
          <ErrorAlert title="Not created">{errorMessage(create.error, 'Please try again.')}</ErrorAlert>
        ) : null}
        <FormDialogActions onCancel={close} pending={create.isPending} submitLabel="Create session" pendingLabel="Creating…" />
      </form>
    </Dialog>
  )
}
