import type { PayloadRequest } from 'payload'

import type { Class, Enrollment, Invoice, Student, User } from '#cms/payload-types'
import type { TuitionRunFamilyResult, TuitionRunInput, TuitionRunResult } from '#api/schemas/tuition-run'
import type { TuitionSettingsDto } from '#api/schemas/tuition-settings'
import { billingDate, computeFamilyTuition, monthLabel, seasonOf, type TuitionEnrollment } from '#shared/tuition'
import { isDuplicateTuition } from './invoices'
import { inTransaction } from './transaction'
import { readTuitionSettings } from './tuition-settings'
import { relationId } from '#api/operations/relations'

const day = (value: string) => new Date(value).toISOString().slice(0, 10)

type Family = { user: User; enrollments: TuitionEnrollment[] }

/**
 * Every family with at least one enrollment (or, given `userIds`, those of them), with its
 * enrollments as the tuition engine reads them.
 */
async function familiesWithEnrollments(req: PayloadRequest, userIds?: readonly number[]): Promise<Family[]> {
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
    list.push({
      studentId: String(student.id),
      studentName: student.fullName,
      classId: String(cls.id),
      className: cls.name,
      priceCents: cls.price,
      days: cls.days,
      startDate: day(enrollment.enrollmentDate),
      endDate: enrollment.endDate ? day(enrollment.endDate) : null,
    })
    byUser.set(userId, list)
  }
  if (byUser.size === 0) return []
  const users = (await req.payload.find({ collection: 'users', ...all, where: { id: { in: [...byUser.keys()] } } })).docs as User[]
  return users.sort((a, b) => a.id - b.id).map((user) => ({ user, enrollments: byUser.get(user.id)! }))
}

/** The families' tuition invoices, by family, in one query. */
async function tuitionInvoicesOf(req: PayloadRequest, userIds: number[]): Promise<Map<number, Invoice[]>> {
  const byUser = new Map<number, Invoice[]>(userIds.map((id) => [id, []]))
  if (userIds.length === 0) return byUser
  const { docs } = await req.payload.find({
    collection: 'invoices',
    req,
    overrideAccess: true,
    depth: 0,
    limit: 0,
    pagination: false,
    where: { and: [{ userId: { in: userIds } }, { kind: { equals: 'tuition' } }] },
  })
  for (const invoice of docs as Invoice[]) byUser.get(invoice.userId)?.push(invoice)
  return byUser
}

/** The seasons whose registration fee a family's tuition invoices have charged. */
function registrationSeasonsOf(invoices: Invoice[], settings: TuitionSettingsDto): string[] {
  return invoices
    .filter((invoice) => invoice.period && (invoice.lines ?? []).some((line) => line.kind === 'registration'))
    .map((invoice) => seasonOf(invoice.period!, settings.seasonStartMonth))
}

export type TuitionRunControl = {
  /** Checked before each family: an aborted run stops between two families' transactions. */
  signal?: AbortSignal
  /** Called after each family (the billing calendar renews its claim on the month from here). */
  afterFamily?: () => Promise<void>
}

/**
 * The monthly tuition run (src/shared/tuition.ts applied to every family with enrollments).
 * Each family is billed in its own transaction, so one family's failure leaves the others'
 * invoices in place. Running a month again never bills twice: a family with a tuition invoice
 * for the month is skipped, and the unique (family, month) index settles two runs at once.
 * A dry run reads the same data and writes nothing.
 */
export async function runTuitionMonth(req: PayloadRequest, input: TuitionRunInput, control: TuitionRunControl = {}): Promise<TuitionRunResult> {
  const { period, dryRun, userIds } = input
  const settings = await readTuitionSettings(req.payload, req)
  const dueDate = billingDate(period, settings.billingDay)
  const engineSettings = { ...settings, closures: settings.closures.map((c) => c.date) }
  const results: TuitionRunFamilyResult[] = []

  const families = await familiesWithEnrollments(req, userIds)
  const tuitionInvoices = await tuitionInvoicesOf(
    req,
    families.map(({ user }) => user.id),
  )
  for (const { user, enrollments } of families) {
    control.signal?.throwIfAborted()
    if (results.length > 0) await control.afterFamily?.()
    const invoices = tuitionInvoices.get(user.id) ?? []
    const existing = invoices.find((invoice) => invoice.period === period)
    const tuition = computeFamilyTuition(engineSettings, period, { enrollments, registrationSeasons: registrationSeasonsOf(invoices, settings) })
    const lines = tuition.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      amountCents: line.amountCents,
      studentId: line.studentId ? Number(line.studentId) : null,
      classId: line.classId ? Number(line.classId) : null,
    }))
    const base = { userId: user.id, payerName: user.fullName, totalCents: tuition.totalCents, lines }
    if (existing) {
      results.push({ ...base, outcome: 'exists', invoiceId: existing.id, totalCents: existing.amountCents, lines: [] })
      continue
    }
    if (tuition.totalCents <= 0) {
      results.push({ ...base, outcome: 'nothingToBill', invoiceId: null })
      continue
    }
    if (dryRun) {
      results.push({ ...base, outcome: 'wouldCreate', invoiceId: null })
      continue
    }
    const names = new Map(enrollments.flatMap((e) => [[`s${e.studentId}`, e.studentName] as const, [`c${e.classId}`, e.className] as const]))
    try {
      // The family's invoice and its lines commit together or not at all.
      const invoice = await inTransaction(req, async () =>
        req.payload.create({
          collection: 'invoices',
          req,
          overrideAccess: true,
          depth: 0,
          data: {
            userId: user.id,
            payerName: user.fullName,
            payerEmail: user.email,
            amountCents: tuition.totalCents,
            description: `Tuition, ${monthLabel(period)}`,
            status: 'pending',
            dueDate,
            kind: 'tuition',
            period,
            lines: lines.map((line) => ({
              ...line,
              studentName: line.studentId != null ? (names.get(`s${line.studentId}`) ?? null) : null,
              className: line.classId != null ? (names.get(`c${line.classId}`) ?? null) : null,
            })),
          },
        }),
      )
      results.push({ ...base, outcome: 'created', invoiceId: invoice.id })
    } catch (error) {
      if (!isDuplicateTuition(error)) throw error
      // Another run billed this family meanwhile.
      const again = ((await tuitionInvoicesOf(req, [user.id])).get(user.id) ?? []).find((invoice) => invoice.period === period)
      results.push({ ...base, outcome: 'exists', invoiceId: again?.id ?? null, totalCents: again?.amountCents ?? 0, lines: [] })
    }
  }

  const billed = results.filter((r) => r.outcome === 'created' || r.outcome === 'wouldCreate')
  return { period, dryRun, dueDate, families: results, totalCents: billed.reduce((sum, r) => sum + r.totalCents, 0) }
}
