import { useId, useState, type FormEvent } from 'react'

import { rolloverInputSchema, type RolloverDto, type SeasonDto } from '#api/seasons/schemas'
import { useRolloverSeason } from '#islands/api/seasons/admin-rollover-season'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { TextField } from '#islands/components/ui/Field'
import { serverFieldErrors, validate, type FieldErrors } from '#islands/lib/form'
import { ApiError } from '#islands/lib/http'
import { proposedNextSeason, ROLLOVER_FIELDS, type RolloverFormValues } from './rollover-form'

/**
 * "Create next season" (issue 27, decisions "the next season"): the new season's name and days,
 * checked with the server's own schema, then the rollover; the server's refusal (already rolled
 * over, a name taken) is shown in the dialog, the copy's result by the owner.
 */
export function RolloverDialog({ from, onClose, onDone }: { from: SeasonDto | null; onClose: () => void; onDone: (result: RolloverDto) => void }) {
  return (
    <Dialog closeButton open={from !== null} onClose={onClose} title={from ? `Create the season after ${from.name}` : ''}>
      {from ? <RolloverForm key={from.id} from={from} onCancel={onClose} onDone={onDone} /> : null}
    </Dialog>
  )
}

function RolloverForm({ from, onCancel, onDone }: { from: SeasonDto; onCancel: () => void; onDone: (result: RolloverDto) => void }) {
  const id = useId()
  const rollover = useRolloverSeason()
  const [values, setValues] = useState<RolloverFormValues>(() => proposedNextSeason(from))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const parsed = validate(rolloverInputSchema, values)
    if (!parsed.ok) return setErrors(parsed.errors)
    setErrors({})
    try {
      onDone(await rollover.mutateAsync({ seasonId: from.id, input: parsed.data }))
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, ROLLOVER_FIELDS))
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please check your connection and try again.')
    }
  }

  const field = (name: keyof RolloverFormValues) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  })

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-gray-800">
        Every class of {from.name} is copied into the new season with its level, days, times, room, teacher and price; enrollments stay behind. Edit the copies
        in /cms afterwards.
      </p>
      {failure ? <ErrorAlert title="The season was not created">{failure}</ErrorAlert> : null}
      <TextField {...field('name')} label="Season name" maxLength={60} placeholder="2027–28" />
      <div className="grid grid-cols-2 gap-4">
        <TextField {...field('firstDay')} label="First day" type="date" />
        <TextField {...field('lastDay')} label="Last day" type="date" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('priorityOpens')} label="Priority registration opens" type="date" hint="Returning dancers only, from this day." />
        <TextField {...field('openOpens')} label="Registration opens to everyone" type="date" />
      </div>
      <FormDialogActions onCancel={onCancel} pending={rollover.isPending} submitLabel="Create season" pendingLabel="Creating…" />
    </form>
  )
}
