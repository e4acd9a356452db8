/**
 * Admission (decisions §40): "may this student take this place now", as one table. Each way into a
 * class names the checks it asks, and which of them the office is exempt from; src/api/admission
 * runs them, in this order, with the slice that owns each check. Pure and browser-safe, so the
 * portal can tell beforehand what the server will ask.
 */

/** Every way a student takes a place in a class. */
export const ADMISSION_PATHS = ['enroll', 'quote', 'joinWaitlist', 'acceptOffer', 'makeup', 'reEnroll'] as const
export type AdmissionPath = (typeof ADMISSION_PATHS)[number]

/**
 * The checks, in the order they are asked (the first refusal is the answer):
 * - `ageGroup`: the class's age group fits the student's age for its term (#shared/eligibility);
 * - `level`: the student is placed at the class's level or recommended for it (src/api/levels);
 * - `registration`: the class's season takes this dancer today (src/api/seasons);
 * - `emergencyContact`: a child's first class waits for an emergency contact, when the studio asks (src/api/care);
 * - `policies`: the required documents are signed (src/api/policies).
 */
export const ADMISSION_CHECKS = ['ageGroup', 'level', 'registration', 'emergencyContact', 'policies'] as const
export type AdmissionCheck = (typeof ADMISSION_CHECKS)[number]

/** Who asks: a family (a guardian with full access) or the office (an administrator). */
export type AdmissionActor = 'family' | 'office'

type PathRule = {
  /** The checks a family's request is asked. */
  readonly asks: readonly AdmissionCheck[]
  /** The checks the office is exempt from (decisions §4, §22, issue 26, issue 27). */
  readonly officeExempt: readonly AdmissionCheck[]
  /** Why the path asks what it asks, for the reader of the table. */
  readonly why: string
}

const EVERY_CHECK = ADMISSION_CHECKS

export const ADMISSION_TABLE: Readonly<Record<AdmissionPath, PathRule>> = {
  enroll: {
    asks: EVERY_CHECK,
    officeExempt: EVERY_CHECK,
    why: 'A place in the class from today; the office may enroll outside every rule and settle the rest after.',
  },
  quote: {
    asks: EVERY_CHECK,
    officeExempt: EVERY_CHECK,
    why: 'The cost before confirming: it refuses exactly what enrolling would, so no family confirms into a refusal.',
  },
  joinWaitlist: {
    asks: ['ageGroup', 'level', 'registration'],
    officeExempt: EVERY_CHECK,
    why: 'The line leads to an enrollment: the class must be one the child may take; contact and documents are asked when the place is taken.',
  },
  acceptOffer: {
    asks: ['level', 'registration', 'emergencyContact', 'policies'],
    officeExempt: EVERY_CHECK,
    why: 'Accepting is enrolling; the age group was asked when the child joined the line and is not asked again while they wait.',
  },
  makeup: {
    asks: ['level', 'registration', 'policies'],
    officeExempt: EVERY_CHECK,
    why: 'One lesson in another class of the missed class’s age group (checked by the makeup itself); the child is enrolled already, so no first-class contact.',
  },
  reEnroll: {
    asks: ['ageGroup', 'level'],
    officeExempt: [],
    why: 'The classes suggested for next season: those the child may take there; the re-enrollment itself is an enrollment.',
  },
}

/** The checks `path` asks of `actor`, in order. */
export function checksFor(path: AdmissionPath, actor: AdmissionActor): AdmissionCheck[] {
  const rule = ADMISSION_TABLE[path]
  return rule.asks.filter((check) => actor === 'family' || !rule.officeExempt.includes(check))
}

/**
 * Whether a waitlist offer still holds its place at `now` (decisions §15, §40): an offer holds it
 * until its expiry; an offer with no expiry (which only a hand edit in /cms can leave) has lapsed,
 * like one past its time: it holds nothing, reads as expired and is let go by the waitlist's work.
 */
export type OfferFacts = { status?: string | null; offerExpiresAt?: string | null }

export const offerHolds = (entry: OfferFacts, now: Date): boolean =>
  entry.status === 'offered' && !!entry.offerExpiresAt && new Date(entry.offerExpiresAt).getTime() > now.getTime()

export const offerLapsed = (entry: OfferFacts, now: Date): boolean => entry.status === 'offered' && !offerHolds(entry, now)
