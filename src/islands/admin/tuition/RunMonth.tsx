import { useId, useState } from 'react'

import { TUITION_RUN_MESSAGES, type TuitionRunFamilyResult, type TuitionRunResult } from '#api/tuition/schemas'
import { useRunTuition } from '#islands/api/tuition/admin-run-tuition'
import { ErrorAlert, SuccessAlert } from '#islands/components/ui/Alert'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { TextField } from '#islands/components/ui/Field'
import { FamilyPicker } from '#islands/admin/users/FamilyPicker'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'
import { formatCalendarDay, isMonth } from '#shared/dates'
import { useAcademyToday } from '#islands/admin/viewer'
import { formatCents } from '#shared/money'
import { monthLabel } from '#shared/tuition'
import { RunSummary } from './RunSummary'

const invoices = (count: number) => `${count} invoice${count === 1 ? '' : 's'}`
const families = (count: number) => `${count} famil${count === 1 ? 'y' : 'ies'}`

/**
 * "Run a month" (decisions §11): pick the month (and, if wanted, one family), see what a dry run
 * would invoice, then create the invoices after a confirmation. The month's figures follow.
 */
export function RunMonth({ onStatement }: { onStatement: (family: { id: number; fullName: string }) => void }) {
  const id = useId()
  const run = useRunTuition()
  const today = useAcademyToday()
  const [month, setMonth] = useState(() => today.slice(0, 7))
  const [familyId, setFamilyId] = useState('')
  /** Families whose voided invoice of the month the administrator chose to replace (decisions §10). */
  const [rebill, setRebill] = useState<number[]>([])
  const [dry, setDry] = useState<TuitionRunResult | null>(null)
  const [done, setDone] = useState<TuitionRunResult | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [monthError, setMonthError] = useState<string | null>(null)

  const validMonth = isMonth(month)
  const userIds = familyId ? [Number(familyId)] : undefined
  const toCreate = dry?.families.filter((f) => f.outcome === 'wouldCreate') ?? []

  function reset() {
    setDry(null)
    setDone(null)
    setFailure(null)
    setRebill([])
  }

  function dryRun(billAgain: number[] = []) {
    reset()
    if (!validMonth) return setMonthError(TUITION_RUN_MESSAGES.period)
    setMonthError(null)
    setRebill(billAgain)
    run.mutate(
      { period: month, dryRun: true, userIds, rebill: billAgain.length > 0 ? billAgain : undefined },
      { onSuccess: setDry, onError: (error) => setFailure(errorMessage(error, 'The dry run failed. Please try again.')) },
    )
  }

  function createInvoices() {
    if (!dry) return
    run.mutate(
      { period: dry.period, dryRun: false, userIds, rebill: rebill.length > 0 ? rebill : undefined },
      {
        onSuccess: (result) => {
          setDry(null)
          setDone(result)
        },
        onError: (error) => setFailure(errorMessage(error, 'The run failed. Please try again.')),
        onSettled: () => setConfirming(false),
      },
    )
  }

  return (
    <div className="space-y-4">
      <section aria-labelledby={`${id}-title`} className={`${CARD} space-y-4`}>
        <h3 id={`${id}-title`} className="font-semibold">
          Run a month
        </h3>
        <p className="text-sm text-gray-700">A dry run shows what would be invoiced and changes nothing. Running a month again never bills a family twice.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-month`}
            label="Month"
            type="month"
            value={month}
            onChange={(event) => {
              setMonth(event.target.value)
              reset()
            }}
            error={monthError ?? undefined}
            hint="YYYY-MM"
          />
          <FamilyPicker
            id={`${id}-family`}
            label="Families"
            onSelect={(family) => {
              setFamilyId(family ? String(family.id) : '')
              reset()
            }}
            hint="Empty: every family with an enrollment. Or find one family (say, one that joined after the month was run)."
          />
        </div>
        <button type="button" className={BUTTON.secondary} onClick={() => dryRun()} disabled={run.isPending}>
          {run.isPending && run.variables?.dryRun ? 'Running…' : 'Dry run'}
        </button>
        {failure ? <ErrorAlert title="Run failed">{failure}</ErrorAlert> : null}
      </section>

      {dry ? (
        <section aria-labelledby={`${id}-dry`} className={`${CARD} space-y-4`}>
          <div>
            <h3 id={`${id}-dry`} className="font-semibold">
              Dry run — {monthLabel(dry.period)}
            </h3>
            <p className="mt-1 text-sm text-gray-700" data-testid="dry-run-total">
              {invoices(toCreate.length)} would be created, {formatCents(dry.totalCents)} in all, due {formatCalendarDay(dry.dueDate)}.
            </p>
            {dry.billingDayPassed ? (
              <p className="mt-1 text-sm text-gray-700" data-testid="dry-run-due-note">
                The billing day, {formatCalendarDay(dry.billingDate)}, has passed: the invoices are due {formatCalendarDay(dry.dueDate)}, the day they are
                issued, not on a day already past, so no family owes a late fee from its first day.
              </p>
            ) : null}
            <Others result={dry} />
          </div>
          {toCreate.length > 0 ? (
            <FamilyResults label={`Invoices a run of ${monthLabel(dry.period)} would create`} results={toCreate} onStatement={onStatement} />
          ) : null}
          <VoidedFamilies result={dry} pending={run.isPending} onBillAgain={(userId) => dryRun([...rebill, userId])} />
          <button type="button" className={BUTTON.primary} onClick={() => setConfirming(true)} disabled={toCreate.length === 0 || run.isPending}>
            {toCreate.length === 0 ? 'Nothing to invoice' : `Create ${invoices(toCreate.length)}`}
          </button>
        </section>
      ) : null}

      {done ? (
        <section aria-labelledby={`${id}-done`} className={`${CARD} space-y-4`}>
          <h3 id={`${id}-done`} className="font-semibold">
            Run — {monthLabel(done.period)}
          </h3>
          <SuccessAlert title="Month run">
            <p>
              Created {invoices(done.families.filter((f) => f.outcome === 'created').length)}, {formatCents(done.totalCents)} in all.
            </p>
            <Others result={done} />
          </SuccessAlert>
          {done.families.some((f) => f.outcome === 'created') ? (
            <FamilyResults
              label={`Invoices created for ${monthLabel(done.period)}`}
              results={done.families.filter((f) => f.outcome === 'created')}
              onStatement={onStatement}
            />
          ) : null}
        </section>
      ) : null}

      {validMonth ? <RunSummary month={month} /> : null}

      <ConfirmDialog
        open={confirming}
        title={`Create ${invoices(toCreate.length)}?`}
        confirmLabel={`Create ${invoices(toCreate.length)}`}
        pendingLabel="Creating…"
        pending={run.isPending}
        destructive={false}
        onConfirm={createInvoices}
        onCancel={() => setConfirming(false)}
      >
        {dry ? (
          <p>
            This invoices {families(toCreate.length)} for {monthLabel(dry.period)}, {formatCents(dry.totalCents)} in all, due {formatCalendarDay(dry.dueDate)}.
            Each family sees its invoice on its billing page at once.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  )
}

/**
 * Families whose invoice of the month was voided: the run leaves them alone unless the
 * administrator asks to bill them again, which re-runs the dry run with them included.
 */
function VoidedFamilies({ result, pending, onBillAgain }: { result: TuitionRunResult; pending: boolean; onBillAgain: (userId: number) => void }) {
  const id = useId()
  const voided = result.families.filter((f) => f.outcome === 'voided')
  if (voided.length === 0) return null
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h4 id={id} className="text-sm font-semibold">
        Voided for {monthLabel(result.period)}
      </h4>
      <p className="text-sm text-gray-700">
        Their invoice of this month was voided, so the run does not bill them again unless you ask. A new invoice is worked out from their enrollments and
        credits as they are now.
      </p>
      <ul className="space-y-2" aria-labelledby={id}>
        {voided.map((family) => (
          <li
            key={family.userId}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-gray-200 bg-gray-50 p-3"
            data-voided-user-id={family.userId}
          >
            <span className="min-w-0 break-words">
              {family.payerName}
              {family.invoiceId ? <span className="text-gray-700"> · voided invoice #{family.invoiceId}</span> : null}
            </span>
            <button type="button" className={BUTTON.secondary} disabled={pending} onClick={() => onBillAgain(family.userId)}>
              Bill again<span className="sr-only"> {family.payerName}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The families a run leaves alone, and why. */
function Others({ result }: { result: TuitionRunResult }) {
  const billed = result.families.filter((f) => f.outcome === 'exists').length
  const nothing = result.families.filter((f) => f.outcome === 'nothingToBill').length
  const voided = result.families.filter((f) => f.outcome === 'voided').length
  return (
    <p className="mt-1 text-sm">
      Already billed: {families(billed)}. Nothing to bill: {families(nothing)}.{voided > 0 ? ` Voided, not billed again: ${families(voided)}.` : ''}
    </p>
  )
}

function FamilyResults({
  label,
  results,
  onStatement,
}: {
  label: string
  results: TuitionRunFamilyResult[]
  onStatement: (family: { id: number; fullName: string }) => void
}) {
  return (
    <ul className="max-h-[60vh] space-y-3 overflow-y-auto" aria-label={label}>
      {results.map((family) => (
        <li key={family.userId} className="rounded-xl border border-gray-200 bg-gray-50 p-3" data-run-user-id={family.userId}>
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 font-medium break-words">
              {family.payerName}
              {family.invoiceId ? <span className="font-normal text-gray-700"> · invoice #{family.invoiceId}</span> : null}
            </p>
            <p className="shrink-0 font-semibold tabular-nums">{formatCents(family.totalCents)}</p>
          </div>
          <ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white text-sm" aria-label={`Lines for ${family.payerName}`}>
            {family.lines.map((line, index) => (
              <li key={index} className="flex items-start justify-between gap-3 px-3 py-2" data-line-kind={line.kind}>
                <span className="min-w-0 break-words">{line.description}</span>
                <span className={`shrink-0 tabular-nums ${line.amountCents < 0 ? 'text-green-800' : ''}`}>{formatCents(line.amountCents)}</span>
              </li>
            ))}
          </ul>
          <button type="button" className={`${BUTTON.quiet} mt-2 px-0`} onClick={() => onStatement({ id: family.userId, fullName: family.payerName })}>
            Statement<span className="sr-only"> of {family.payerName}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
