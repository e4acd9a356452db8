import { useId, useState, type FormEvent } from 'react'

import type { AbsenceDto, MakeupOptionDto } from '#api/self-service/schemas'
import type { StudentDto } from '#api/students/schemas'
import { useBookMakeup } from '#islands/api/self-service/book-makeup'
import { useMakeupOptions } from '#islands/api/self-service/makeup-options'
import { ErrorAlert, ErrorCard } from '#islands/components/ui/Alert'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { formatDayWithWeekday } from '#shared/dates'
import { useSelfServiceRules } from '#islands/api/self-service/self-service-rules'

/** Book a makeup for an absence in a class with a free place; a refusal shows inside the dialog. */
export function MakeupDialog({ absence, student, onClose }: { absence: AbsenceDto; student: StudentDto; onClose: () => void }) {
  const notify = useNotify()
  const options = useMakeupOptions(absence.id)
  const today = useSelfServiceRules().data?.today
  const day = (value: string) => formatDayWithWeekday(value, today)
  const book = useBookMakeup()
  const [choice, setChoice] = useState<string | null>(null)
  const name = useId()
  async function submit(event: FormEvent) {
    event.preventDefault()
    const picked = options.data?.find((o) => `${o.classId}:${o.date}` === choice)
    if (!picked) return
    try {
      const answer = await book.mutateAsync({ absenceId: absence.id, classId: picked.classId, date: picked.date, studentId: student.id })
      notify({ title: 'Makeup booked', text: answer.message })
      onClose()
    } catch {
      // Shown in the dialog below.
    }
  }
  return (
    <Dialog
      open
      onClose={onClose}
      wide
      title="Book a Makeup"
      description={
        <p>
          {student.fullName} misses {absence.className} on {day(absence.date)}. Classes of the same style come first, then the others of the same age group with
          a free place, between {day(absence.makeupWindow.first)} and {day(absence.makeupWindow.last)}.
        </p>
      }
    >
      {options.isPending ? (
        <SkeletonRows count={3} label="Looking for free places…" className="h-12" />
      ) : options.isError ? (
        <ErrorCard message={errorMessage(options.error, 'Could not load the free places.')} onRetry={() => void options.refetch()} />
      ) : (
        <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
          {book.isError ? <ErrorAlert title="Not booked">{errorMessage(book.error, 'Please try again.')}</ErrorAlert> : null}
          {options.data.length === 0 ? (
            <p>No class of this age group has a free place in the makeup window.</p>
          ) : (
            <div className="max-h-[45vh] space-y-3 overflow-y-auto">
              {(
                [
                  [options.data.filter((o) => o.sameStyle), `Same style as ${absence.className}`],
                  [options.data.filter((o) => !o.sameStyle), options.data.some((o) => o.sameStyle) ? 'Other classes' : 'Classes of the same age group'],
                ] as const
              ).map(([group, legend]) =>
                group.length === 0 ? null : (
                  <fieldset key={legend}>
                    <legend className="text-sm font-semibold">{legend}</legend>
                    <ul className="mt-2 space-y-2">
                      {group.map((option) => (
                        <MakeupChoice key={`${option.classId}:${option.date}`} option={option} name={name} choice={choice} onChoose={setChoice} day={day} />
                      ))}
                    </ul>
                  </fieldset>
                ),
              )}
            </div>
          )}
          <FormDialogActions
            onCancel={onClose}
            pending={book.isPending || choice === null}
            submitLabel="Book Makeup"
            pendingLabel={book.isPending ? 'Booking...' : 'Book Makeup'}
          />
        </form>
      )}
    </Dialog>
  )
}

function MakeupChoice({
  option,
  name,
  choice,
  onChoose,
  day,
}: {
  option: MakeupOptionDto
  name: string
  choice: string | null
  onChoose: (value: string) => void
  day: (value: string) => string
}) {
  const value = `${option.classId}:${option.date}`
  return (
    <li className="flex items-start gap-3 rounded-xl border border-gray-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
      <input
        id={`${name}-${value}`}
        type="radio"
        name={name}
        value={value}
        checked={choice === value}
        onChange={() => onChoose(value)}
        className="mt-1 h-5 w-5 shrink-0"
      />
      <label htmlFor={`${name}-${value}`} className="min-w-0 cursor-pointer">
        <span className="block font-semibold">{`${option.className}, ${day(option.date)}`}</span>
        <span className="block text-sm text-gray-800">
          {`${option.time} · ${option.location} · ${option.level}`}
          {option.freePlaces !== null ? ` · ${option.freePlaces} place${option.freePlaces === 1 ? '' : 's'} free` : ''}
        </span>
      </label>
    </li>
  )
}
