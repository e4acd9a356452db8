import { useState, type FormEvent } from 'react'

import { EXAM_GRADE_LABELS, EXAM_GRADES, examResultInputSchema, type ExamEntryDto } from '#api/exams/schemas'
import { useRecordExamResult } from '#islands/api/exams/admin-exams'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { SelectField, TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { serverFieldErrors, validate, type FieldErrors } from '#islands/lib/form'
import { ApiError, errorMessage } from '#islands/lib/http'

/** The form of one entry: a change starts from the result recorded. */
function ResultForm({ entry, onDone }: { entry: ExamEntryDto; onDone: () => void }) {
  const record = useRecordExamResult()
  const notify = useNotify()
  const [mark, setMark] = useState(entry.result ? String(entry.result.mark) : '')
  const [grade, setGrade] = useState<string>(entry.result?.grade ?? '')
  const [errors, setErrors] = useState<FieldErrors>({})

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = validate(examResultInputSchema, { mark: mark.trim() === '' ? undefined : Number(mark), grade: grade || undefined })
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    record.mutate(
      { id: entry.id, ...checked.data },
      {
        onSuccess: (saved) => {
          notify({ title: 'Result recorded', text: `${saved.studentName}: ${saved.result?.gradeLabel ?? ''}, mark ${saved.result?.mark ?? ''}.` })
          onDone()
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, ['mark', 'grade']))
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <TextField
        id="exam-mark"
        label="Mark (0 to 100)"
        inputMode="numeric"
        autoComplete="off"
        value={mark}
        error={errors.mark}
        onChange={(e) => setMark(e.target.value)}
      />
      <SelectField id="exam-grade" label="Grade" value={grade} error={errors.grade} onChange={(e) => setGrade(e.target.value)}>
        <option value="">Choose a grade</option>
        {EXAM_GRADES.map((g) => (
          <option key={g} value={g}>
            {EXAM_GRADE_LABELS[g]}
          </option>
        ))}
      </SelectField>
      {record.error && !(record.error instanceof ApiError && record.error.errors.length) ? (
        <ErrorAlert title="Not recorded">{errorMessage(record.error, 'Please try again.')}</ErrorAlert>
      ) : null}
      <FormDialogActions onCancel={onDone} pending={record.isPending} submitLabel="Save result" pendingLabel="Saving…" />
    </form>
  )
}

/** The mark (0–100) and grade of an accepted entry; the family sees them from then on. */
export function ExamResultDialog({ entry, onClose }: { entry: ExamEntryDto | null; onClose: () => void }) {
  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      title="Record the result"
      description={entry ? `${entry.studentName}, ${entry.session.syllabus} ${entry.levelName}` : undefined}
    >
      {entry ? <ResultForm key={entry.id} entry={entry} onDone={onClose} /> : null}
    </Dialog>
  )
}
