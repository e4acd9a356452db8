import { CLASS_NOT_FOUND } from '#api/classes/schemas'

/** The answers admission gives (decisions §4, §15, §40); enrollment and the waitlist show them as their own. */
export const ADMISSION_MESSAGES = {
  classFull: 'This class is full.',
  classNotFound: CLASS_NOT_FOUND,
} as const

/** decisions §4: the duplicate answer (409). */
export const alreadyEnrolledMessage = (student: string, className: string) => `${student} is already enrolled in ${className}.`

/** The age check for families (400); administrators may enroll outside the age group. */
export const notInAgeGroupMessage = (student: string, className: string, ageGroup: string) =>
  `${student} is not in the age group of ${className} (ages ${ageGroup}).`
