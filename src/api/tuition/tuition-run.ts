import type { PayloadRequest } from 'payload'

import type { Class, Enrollment, Invoice, Student, User } from '#cms/payload-types'
import type { TuitionRunFamilyResult, TuitionRunInput, TuitionRunResult } from './schemas'
import type { TuitionSettingsDto } from '#api/studio/tuition-settings.schemas'
import { closureDays } from '#shared/closures'
import { billingDate, computeFamilyTuition, seasonOf, type TuitionEnrollment, type TuitionSettings } from '#shared/tuition'
import { academyToday } from '#api/lib/academy-clock'
import { classCalendar } from '#api/classes'
import { findInvoicesAsServer, pendingCreditsOf } from '#api/invoices'
import { readSplitBilling, readTuitionSettings } from '#api/studio'
import { relationId } from '#api/lib/relations'
import { calendarDay } from '#shared/dates'
import { unbilledExamFees } from '#api/exams'
import { billFamilyMonth } from './family-month'

type Family = { user: User; enrollments: TuitionEnrollment[] }

/** A student in a class from `startDate` (to `endDate`), as the tuition engine reads it. */
export function toTuitionEnrollment(student: Student, cls: Class, startDate: string, endDate: string | null = null): TuitionEnrollment {
  return {
    studentId: String(student.id),
    studentName: student.fullName,
    classId: String(cls.id),
    className: cls.name,
    priceCents: cls.price,
    days: cls.days,
    schedule: classCalendar(cls),
    startDate,
    endDate,
  }
}

/** The settings as the tuition engine reads them. */
export function engineSettingsOf(settings: TuitionSettingsDto): TuitionSettings {
  return { ...settings, closures: closureDays(settings.closures) }
}

/**
 * Every family with at least one enrollment (or, given `userIds`, those of them), with its
 * enrollments as the tuition engine reads them.
 */
export async function familiesWithEnrollments(req: PayloadRequest, userIds?: readonly number[]): Promise<Family[]> {
  const all = { req, overrideAccess: true, depth: 0, limit: 0, pagination: false } as const
  const studentsRead = req.payload
    .find({ collection: 'students', ...all, ...(userIds ? { where: { user: { in: [...userIds] } } } : {}) })
    .then((r) => r.docs as Student[])
  // Scoped to families, the enrollments are those of their students; otherwise all, read alongside.
  const enrollmentsRead = userIds
    ? studentsRead.then(async (students) =>
        students.length === 0
          ? []
          : ((await req.payload.find({ collection: 'enrollments', ...all, where: { student: { in: students.map((s) => s.id) } } })).docs as Enrollment[]),
      )
    : req.payload.find({ collection: 'enrollments', ...all }).then((r) => r.docs as Enrollment[])
  const [enrollments, students, classes] = await Promise.all([
    enrollmentsRead,
    studentsRead,
    req.payload.find({ collection: 'classes', ...all }).then((r) => r.docs as Class[]),
  ])
  const studentsById = new Map(students.map((s) => [s.id, s]))
  const classesById = new Map(classes.map((c) => [c.id, c]))
  const byUser = new Map<number, TuitionEnrollment[]>()
  for (const enrollment of enrollments) {
    const student = studentsById.get(relationId(enrollment.student))
    const cls = classesById.get(relationId(enrollment.class))
    if (!student || !cls) continue
    const userId = relationId(student.user)
    const list = byUser.get(userId) ?? []
    list.push(toTuitionEnrollment(student, cls, calendarDay(enrollment.enrollmentDate), enrollment.endDate ? calendarDay(enrollment.endDate) : null))
    byUser.set(userId, list)
  }
  if (byUser.size === 0) return []
  const users = (await req.payload.find({ collection: 'users', ...all, where: { id: { in: [...byUser.keys()] } } })).docs as User[]
  return users.sort((a, b) => a.id - b.id).map((user) => ({ user, enrollments: byUser.get(user.id)! }))
}

/** The families' tuition invoices, by family, in one query. */
export async function tuitionInvoicesOf(req: PayloadRequest, userIds: number[]): Promise<Map<number, Invoice[]>> {
  const byUser = new Map<number, Invoice[]>(userIds.map((id) => [id, []]))
  if (userIds.length === 0) return byUser
  const docs = await findInvoicesAsServer(req, { and: [{ userId: { in: userIds } }, { kind: { equals: 'tuition' } }] })
  for (const invoice of docs) byUser.get(invoice.userId)?.push(invoice)
  return byUser
}

/** The seasons whose registration fee a family's tuition invoices (not void) have charged. */
export function registrationSeasonsOf(invoices: Invoice[], settings: TuitionSettingsDto): string[] {
  return invoices
    .filter((invoice) => invoice.status !== 'cancelled' && invoice.period && (invoice.lines ?? []).some((line) => line.kind === 'registration'))
    .map((invoice) => seasonOf(invoice.period!, settings.seasonStartMonth))
}

export type TuitionRunControl = {
  /** Checked before each family: an aborted run stops between two families' transactions. */
  signal?: AbortSignal
  /** Called after each family (the billing calendar renews its claim on the month from here). */
  afterFamily?: () => Promise<void>
  /** The academy's day the invoices are issued on (the billing calendar's tick); by default the academy's today. */
  today?: string
}

/**
 * When the month's invoices fall due: on its billing day, but never before the day they are
 * issued. A month billed after its billing day (run late, or a family billed alone after
 * joining mid-month) is due the day it is issued, so the late-fee grace (lateFeeAfterDays)
 * counts from then, as it does for everyone billed on time, and no family is charged a late
 * fee on its first day.
 */
export function tuitionDueDate(billingDay: string, issuedOn: string): string {
  return billingDay < issuedOn ? issuedOn : billingDay
}

/** The family's tuition for the month with its pending credits applied, as invoice lines. */
async function familyTuition(req: PayloadRequest, settings: TuitionSettings, period: string, family: Family, registrationSeasons: string[]) {
  const credits = await pendingCreditsOf(req, family.user.id)
  const tuition = computeFamilyTuition(settings, period, { enrollments: family.enrollments, registrationSeasons, credits })
  const tuitionLines = tuition.lines.map((line) => ({
    kind: line.kind,
    description: line.description,
    amountCents: line.amountCents,
    studentId: line.studentId ? Number(line.studentId) : null,
    studentName: line.studentName ?? null,
    classId: line.classId ? Number(line.classId) : null,
    className: line.className ?? null,
    creditId: line.creditId ? Number(line.creditId) : null,
    explanation: line.explanation,
  }))
  // Accepted exam entries not billed yet (decisions §29): read under the family's lock when billing.
  const examFees = await unbilledExamFees(req, family.user.id)
  const lines = [...tuitionLines, ...examFees.map((fee) => fee.line)]
  const totalCents = tuition.totalCents + examFees.reduce((sum, fee) => sum + fee.line.amountCents, 0)
  return { totalCents, lines, examFees, billable: tuition.lines.some((line) => line.kind !== 'credit') || examFees.length > 0 }
}

/** A household's month (family-month.ts), as the run computes it from the household's enrollments. */
function billFamily(
  req: PayloadRequest,
  family: Family,
  base: { period: string; dueDate: string; dryRun: boolean; rebill: boolean; split: boolean; invoices: Invoice[] },
  engineSettings: TuitionSettings,
  settings: TuitionSettingsDto,
): Promise<TuitionRunFamilyResult> {
  const { user } = family
  const reread = async () => (await tuitionInvoicesOf(req, [user.id])).get(user.id) ?? []
  // The seasons already charged a registration fee are read under the family's lock: a run of
  // another month of the season (running at the same time) has committed its invoice by then.
  const compute = (charged: Invoice[]) => familyTuition(req, engineSettings, base.period, family, registrationSeasonsOf(charged, settings))
  return billFamilyMonth(req, user, { ...base, compute, reread })
}

/**
 * The monthly tuition run (src/shared/tuition.ts applied to every family with enrollments).
 * Each family is billed in its own transaction, so one family's failure leaves the others'
 * invoices in place. Running a month again never bills twice: a family with a tuition invoice
 * for the month is skipped, and the unique (family, month) index settles two runs at once.
 * A month whose tuition invoice was voided is reported as `voided` and billed again only for
 * the families listed in `rebill` (decisions §10). Pending credits become negative lines, in
 * the family's transaction under its billing lock, so a credit is never used twice; a month
 * the credits pay in full is stored as paid at $0.00. A dry run reads the same data and writes
 * nothing.
 */
export async function runTuitionMonth(req: PayloadRequest, input: TuitionRunInput, control: TuitionRunControl = {}): Promise<TuitionRunResult> {
  const { period, dryRun, userIds } = input
  const rebill = new Set(input.rebill ?? [])
  const settings = await readTuitionSettings(req.payload, req)
  const billingDay = billingDate(period, settings.billingDay)
  const dueDate = tuitionDueDate(billingDay, control.today ?? academyToday())
  const engineSettings = engineSettingsOf(settings)
  const results: TuitionRunFamilyResult[] = []
  const split = await readSplitBilling(req)

  const families = await familiesWithEnrollments(req, userIds)
  const tuitionInvoices = await tuitionInvoicesOf(
    req,
    families.map(({ user }) => user.id),
  )
  for (const family of families) {
    const { user } = family
    control.signal?.throwIfAborted()
    if (results.length > 0) await control.afterFamily?.()
    const invoices = tuitionInvoices.get(user.id) ?? []
    results.push(await billFamily(req, family, { period, dueDate, dryRun, rebill: rebill.has(user.id), split, invoices }, engineSettings, settings))
  }

  const billed = results.filter((r) => r.outcome === 'created' || r.outcome === 'wouldCreate')
  return {
    period,
    dryRun,
    dueDate,
    billingDate: billingDay,
    billingDayPassed: dueDate !== billingDay,
    families: results,
    totalCents: billed.reduce((sum, r) => sum + r.totalCents, 0),
  }
}
