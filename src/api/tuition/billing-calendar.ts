import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'

import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import type { TuitionRun } from '#cms/payload-types'
import type { TuitionRunRecord, TuitionRunStatus } from './tuition-runs.schemas'
import { billingDate } from '#shared/tuition'
import { inTransaction, queryInTransaction } from '#api/lib/database'
import { runTuitionMonth, type TuitionRunControl } from './tuition-run'
import { readTuitionSettings } from '#api/studio'
import { academyNow, academyToday } from '#api/lib/academy-clock'

/**
 * The billing calendar (decisions §13): the month's tuition, the tuition domain's scheduled
 * step (`tuitionStep`, run by its own task in cms/jobs.ts; the other domains' steps are in
 * #api/scheduled). Every run is safe to repeat and safe on several processes at once:
 * - on and after the month's billing day (in the academy's time zone), the month's tuition is
 *   billed once: the process that claims the month's `tuition-runs` row bills it, the others see
 *   it taken (or finished) and leave it;
 * - a run whose process died (no heartbeat for STALE_MS), stopped cleanly (`interrupted`) or
 *   failed is taken over and resumed: the families billed already are skipped (one transaction
 *   per family, unique family + month), the others billed.
 */

/** A run whose heartbeat is older than this is taken to have died with its process. */
export const STALE_MS = 5 * 60_000
/** How often a running month renews its heartbeat (at most: between two families). */
export const HEARTBEAT_MS = 15_000
/** A run that failed this many times is left to the administrators (POST /api/admin/tuition/run). */
export const MAX_ATTEMPTS = 5

export type MonthClaim =
  { outcome: 'claimed'; runId: number; owner: string; attempt: number; resumed: boolean } | { outcome: 'taken' | 'finished' | 'gaveUp'; runId: number }

export type TuitionStep =
  | { outcome: 'notYet'; period: string; billingDay: string }
  | { outcome: 'taken' | 'finished' | 'gaveUp'; period: string }
  | { outcome: 'billed'; period: string; resumed: boolean; attempt: number; created: number; alreadyInvoiced: number; nothingToBill: number }
  | { outcome: 'interrupted' | 'lost' | 'failed'; period: string; error: string }

const RUNS = 'tuition-runs' as const

async function findRun(req: PayloadRequest, period: string): Promise<TuitionRun | undefined> {
  const { docs } = await req.payload.find({
    collection: RUNS,
    req,
    overrideAccess: true,
    depth: 0,
    limit: 1,
    pagination: false,
    where: { period: { equals: period } },
  })
  return docs[0] as TuitionRun | undefined
}

/**
 * Takes the month for this process, or says who has it. Claims are serialised by a
 * transaction-scoped advisory lock on the month, and the unique `period` would refuse a
 * second row even without it.
 */
export async function claimMonth(payload: Payload, period: string, now: Date): Promise<MonthClaim> {
  const req = await createLocalReq({}, payload)
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const at = now.toISOString()
  return inTransaction(req, async () => {
    await queryInTransaction(req, sql`SELECT pg_advisory_xact_lock(hashtextextended(${`tuition-run:${period}`}, 0))`)
    const run = await findRun(req, period)
    if (!run) {
      const created = await payload.create({
        collection: RUNS,
        req,
        overrideAccess: true,
        depth: 0,
        data: { period, status: 'started', attempts: 1, owner, startedAt: at, heartbeatAt: at },
      })
      return { outcome: 'claimed', runId: created.id, owner, attempt: 1, resumed: false }
    }
    if (run.status === 'finished') return { outcome: 'finished', runId: run.id }
    if (run.status === 'started' && now.getTime() - Date.parse(run.heartbeatAt) < STALE_MS) return { outcome: 'taken', runId: run.id }
    if (run.status === 'failed' && run.attempts >= MAX_ATTEMPTS) return { outcome: 'gaveUp', runId: run.id }
    const attempt = run.attempts + 1
    await payload.update({
      collection: RUNS,
      id: run.id,
      req,
      overrideAccess: true,
      depth: 0,
      data: { status: 'started', attempts: attempt, owner, startedAt: at, heartbeatAt: at, finishedAt: null, error: null },
    })
    return { outcome: 'claimed', runId: run.id, owner, attempt, resumed: true }
  })
}

/**
 * Writes to the run only while this process still owns it (a process presumed dead and taken
 * over must not overwrite its successor). Returns whether it still did.
 */
async function updateOwnRun(payload: Payload, runId: number, owner: string, data: Partial<TuitionRun>): Promise<boolean> {
  const req = await createLocalReq({}, payload)
  return inTransaction(req, async () => {
    const [row] = await queryInTransaction<{ owner: string | null }>(req, sql`SELECT owner FROM tuition_runs WHERE id = ${runId} FOR UPDATE`)
    if (row?.owner !== owner) return false
    await payload.update({ collection: RUNS, id: runId, req, overrideAccess: true, depth: 0, data })
    return true
  })
}

class LostClaim extends Error {}

/** Bills `period` under a claim: heartbeats while it runs, records the counts or the error at the end. */
async function billClaimedMonth(
  payload: Payload,
  period: string,
  claim: Extract<MonthClaim, { outcome: 'claimed' }>,
  today: string,
  signal?: AbortSignal,
): Promise<TuitionStep> {
  const { runId, owner } = claim
  const previous = (await payload.findByID({ collection: RUNS, id: runId, overrideAccess: true, depth: 0 })) as TuitionRun
  let lastBeat = Date.now()
  const control: TuitionRunControl = {
    signal,
    afterFamily: async () => {
      if (Date.now() - lastBeat < HEARTBEAT_MS) return
      lastBeat = Date.now()
      if (!(await updateOwnRun(payload, runId, owner, { heartbeatAt: academyNow().toISOString() }))) throw new LostClaim('another process took the run over')
    },
  }
  try {
    const req = await createLocalReq({}, payload)
    const result = await runTuitionMonth(req, { period, dryRun: false }, { ...control, today })
    const count = (outcome: string) => result.families.filter((f) => f.outcome === outcome).length
    const created = count('created')
    const step = {
      outcome: 'billed',
      period,
      resumed: claim.resumed,
      attempt: claim.attempt,
      created,
      alreadyInvoiced: count('exists'),
      nothingToBill: count('nothingToBill'),
    } as const
    await updateOwnRun(payload, runId, owner, {
      status: 'finished',
      finishedAt: academyNow().toISOString(),
      heartbeatAt: academyNow().toISOString(),
      families: result.families.length,
      invoicesCreated: (claim.resumed ? (previous.invoicesCreated ?? 0) : 0) + created,
      alreadyInvoiced: step.alreadyInvoiced,
      nothingToBill: step.nothingToBill,
      totalCents: (claim.resumed ? (previous.totalCents ?? 0) : 0) + result.totalCents,
      error: null,
    })
    return step
  } catch (error) {
    if (error instanceof LostClaim) return { outcome: 'lost', period, error: error.message }
    const interrupted = signal?.aborted === true
    const status: TuitionRunStatus = interrupted ? 'interrupted' : 'failed'
    const message = interrupted ? 'The process stopped part-way; the next tick resumes the run.' : error instanceof Error ? error.message : String(error)
    // The invoices issued so far stay (each family committed on its own); the count of this attempt is lost with it.
    await updateOwnRun(payload, runId, owner, { status, error: message.slice(0, 2000), heartbeatAt: academyNow().toISOString() }).catch(() => {})
    return { outcome: interrupted ? 'interrupted' : 'failed', period, error: message }
  }
}

/**
 * The tuition domain's scheduled step (its own task in cms/jobs.ts): the month's tuition, when
 * its billing day has come on the academy's clock (the academy's day) and no process has billed
 * or is billing it. Never throws: a failure is its `failed` outcome.
 */
export async function tuitionStep(payload: Payload, { signal }: { signal?: AbortSignal } = {}): Promise<TuitionStep> {
  const now = academyNow()
  const today = academyToday(now)
  const period = today.slice(0, 7)
  try {
    const settings = await readTuitionSettings(payload)
    const day = billingDate(period, settings.billingDay)
    if (today < day) return { outcome: 'notYet', period, billingDay: day }
    const claim = await claimMonth(payload, period, now)
    if (claim.outcome !== 'claimed') return { outcome: claim.outcome, period }
    return await billClaimedMonth(payload, period, claim, today, signal)
  } catch (error) {
    return { outcome: 'failed', period, error: error instanceof Error ? error.message : String(error) }
  }
}

const toRecord = (run: TuitionRun): TuitionRunRecord => ({
  period: run.period,
  status: run.status,
  attempts: run.attempts,
  startedAt: run.startedAt,
  finishedAt: run.finishedAt ?? null,
  families: run.families ?? 0,
  invoicesCreated: run.invoicesCreated ?? 0,
  alreadyInvoiced: run.alreadyInvoiced ?? 0,
  nothingToBill: run.nothingToBill ?? 0,
  totalCents: run.totalCents ?? 0,
  error: run.error ?? null,
})

/** GET /api/admin/tuition/runs: every scheduled run, newest month first. */
export async function listTuitionRuns(req: PayloadRequest): Promise<{ runs: TuitionRunRecord[] }> {
  const { docs } = await req.payload.find({ collection: RUNS, req, overrideAccess: true, depth: 0, limit: 0, pagination: false, sort: '-period' })
  return { runs: (docs as TuitionRun[]).map(toRecord) }
}
