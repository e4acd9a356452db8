import type { PayloadRequest } from 'payload'

import type { Class, User } from '#cms/payload-types'
import { conflict } from '#api/errors'
import { placesLeft } from '#shared/places'
import { alreadyEnrolledMessage, ENROLLMENT_MESSAGES, type EnrollmentQuoteDto, type EnrollmentQuoteQuery } from './schemas'
import { studentAutopay } from '#api/autopay'
import { findClass, placesByClass } from '#api/classes'
import { findOwnStudent } from '#api/students'
import { academyNow, academyToday } from '#api/lib/academy-clock'
import { relationId } from '#api/lib/relations'
import { quoteFirstTuition } from '#api/tuition'
import { refuseAdmission } from '#api/admission'
import { moneyViewOf } from '#api/households'

const optionalId = (id: string | undefined) => (id ? Number(id) : null)

/**
 * Refuses, before the family confirms, what POST /api/enrollments would refuse: the class is
 * already the student's (409), or full (409: every place is taken or held by an open waitlist
 * offer, counted by #api/classes placesByClass, unless the student holds the offer). The
 * enrollment counts again under the class's lock when it is made.
 */
async function refuseTaken(req: PayloadRequest, studentId: number, studentName: string, cls: Class, today: string) {
  const all = { overrideAccess: true, req } as const
  const pair = { student: { equals: studentId } }
  const enrolled = await req.payload.count({ collection: 'enrollments', ...all, where: { and: [pair, { class: { equals: cls.id } }] } })
  if (enrolled.totalDocs > 0) throw conflict(alreadyEnrolledMessage(studentName, cls.name))
  if (cls.capacity == null) return
  const now = academyNow()
  const places = (await placesByClass(req, { day: today, now, classIds: [cls.id] })).get(cls.id)
  if (placesLeft({ capacity: cls.capacity, enrolledCount: places?.enrolled, heldCount: places?.held }) !== 0) return
  const offer = await req.payload.count({
    collection: 'waitlist-entries',
    ...all,
    where: { and: [pair, { class: { equals: cls.id } }, { status: { equals: 'offered' } }, { offerExpiresAt: { greater_than: now.toISOString() } }] },
  })
  if (offer.totalDocs === 0) throw conflict(ENROLLMENT_MESSAGES.classFull)
}

type QuoteLine = { studentId?: string | null; classId?: string | null; amountCents: number }

/**
 * The quote's lines the caller may read by the "billed to" rule (decisions §38): a household that
 * splits its billing shows each guardian only the lines that will land on their own invoice (a
 * discount that moves on another guardian's child is theirs to see); the office and a household
 * that does not split see every line.
 */
async function linesReadBy<L extends QuoteLine>(req: PayloadRequest, user: User, householdId: number, lines: L[]): Promise<L[]> {
  const { share, billing: guardians } = await moneyViewOf(req, user, householdId)
  if (share === null || !guardians) return lines
  const idOf = (id: string | null | undefined) => (id ? Number(id) : null)
  return lines.filter((line) => (guardians.guardianOf(idOf(line.studentId), idOf(line.classId)) ?? guardians.payer.id) === share)
}

/**
 * GET /api/enrollments/quote (issue 23): what enrolling the student in the classes today will
 * cost, before the family confirms. A family asks only for its own students (404 for another's)
 * and is refused what enrolling would refuse; an administrator asks for any student, priced for
 * the student's family. The price is the tuition run's own (#api/tuition quoteFirstTuition).
 */
export async function quoteEnrollment(req: PayloadRequest, user: User, query: EnrollmentQuoteQuery): Promise<EnrollmentQuoteDto> {
  const student = await findOwnStudent(req, user, query.studentId)
  const today = academyToday()
  const classes: Class[] = []
  for (const classId of query.classId) {
    const cls = await findClass(req, classId)
    // What enrolling would ask, the emergency contact and the documents included (#shared/admission).
    await refuseAdmission(req, 'quote', user, student, cls, today)
    await refuseTaken(req, student.id, student.fullName, cls, today)
    classes.push(cls)
  }
  const userId = relationId(student.user)
  const quote = await quoteFirstTuition(
    req,
    userId,
    classes.map((cls) => ({ student, cls })),
    today,
  )
  const base = { studentId: student.id, classIds: classes.map((cls) => cls.id), monthlyCents: classes.reduce((sum, cls) => sum + cls.price, 0) }
  if (quote) quote.lines = await linesReadBy(req, user, userId, quote.lines)
  if (quote) quote.totalCents = quote.lines.reduce((sum, line) => sum + line.amountCents, 0)
  if (!quote) return { ...base, month: null, lines: [], totalCents: 0, billingDate: null, chargeDate: null, thisMonthBilled: false, autopay: null }
  // The card autopay charges on the day the invoice falls due (decisions §12), when it is on: under
  // split billing, the card of the guardian the student is billed to (decisions §36).
  const card = await studentAutopay(req, userId, student, { billingDate: quote.chargeDate, estimatedCents: quote.totalCents })
  return {
    ...base,
    month: quote.month,
    lines: quote.lines.map((line) => ({
      kind: line.kind as 'tuition' | 'discount' | 'registration',
      description: line.description,
      amountCents: line.amountCents,
      studentId: optionalId(line.studentId),
      classId: optionalId(line.classId),
      meetings: line.meetings ?? null,
      explanation: line.explanation,
    })),
    totalCents: quote.totalCents,
    billingDate: quote.billingDate,
    chargeDate: quote.chargeDate,
    thisMonthBilled: quote.thisMonthBilled,
    autopay: card ? { cardBrand: card.cardBrand, cardLast4: card.cardLast4 } : null,
  }
}
