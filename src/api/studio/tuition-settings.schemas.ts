import { z } from 'zod'

import { CLOSURE_LIMITS, CLOSURE_MESSAGES, closureListSchema, type ClosureDto } from '#api/lib/closures.schemas'

/**
 * The academy's tuition settings (the `tuition-settings` global; src/shared/tuition.ts applies
 * them). Shared by the server and any form: money is integer cents, discounts whole percent.
 */

export const TUITION_SETTINGS_LIMITS = {
  /** $1,000,000, the largest invoice the academy issues (MAX_INVOICE_AMOUNT). */
  maxCents: 100_000_000,
  maxLateDays: 365,
  maxClosures: CLOSURE_LIMITS.maxClosures,
  maxLabel: CLOSURE_LIMITS.maxLabel,
} as const

export const TUITION_SETTINGS_MESSAGES = {
  billingDay: 'Billing day must be a whole number from 1 to 28',
  seasonStartMonth: 'Season start month must be a whole number from 1 to 12',
  registrationFeeCents: 'Registration fee must be from $0.00 to $1,000,000.00, to the cent',
  siblingDiscountPercent: 'Sibling discount must be a whole percent from 0 to 100',
  multiClassDiscountPercent: 'Multi-class discount must be a whole percent from 0 to 100',
  familyDiscountCapCents: 'Family discount cap must be from $0.00 to $1,000,000.00, to the cent, or empty for no cap',
  lateFeeCents: 'Late fee must be from $0.00 to $1,000,000.00, to the cent',
  lateFeeAfterDays: 'Late fee days must be a whole number from 0 to 365',
  closures: 'Closures must be a list of at most 366 closures',
  closureDate: 'Closure date must be a valid date (YYYY-MM-DD)',
  closureEnd: CLOSURE_MESSAGES.end,
  closureLabel: 'Closure label must be at most 100 characters',
  closureTwice: 'A closure date may be listed only once',
} as const

/** What a fresh academy bills with until an administrator says otherwise: plain monthly tuition. */
export const TUITION_SETTINGS_DEFAULTS = {
  billingDay: 1,
  seasonStartMonth: 9,
  registrationFeeCents: 0,
  siblingDiscountPercent: 0,
  multiClassDiscountPercent: 0,
  familyDiscountCapCents: null,
  lateFeeCents: 0,
  lateFeeAfterDays: 14,
  closures: [],
} as const satisfies TuitionSettingsDto

const whole = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message)

/** PUT /api/admin/tuition-settings (admin): the whole settings, as GET gives them. */
export const tuitionSettingsSchema = z.object({
  billingDay: whole(1, 28, TUITION_SETTINGS_MESSAGES.billingDay),
  seasonStartMonth: whole(1, 12, TUITION_SETTINGS_MESSAGES.seasonStartMonth),
  registrationFeeCents: whole(0, TUITION_SETTINGS_LIMITS.maxCents, TUITION_SETTINGS_MESSAGES.registrationFeeCents),
  siblingDiscountPercent: whole(0, 100, TUITION_SETTINGS_MESSAGES.siblingDiscountPercent),
  multiClassDiscountPercent: whole(0, 100, TUITION_SETTINGS_MESSAGES.multiClassDiscountPercent),
  familyDiscountCapCents: whole(0, TUITION_SETTINGS_LIMITS.maxCents, TUITION_SETTINGS_MESSAGES.familyDiscountCapCents).nullable(),
  lateFeeCents: whole(0, TUITION_SETTINGS_LIMITS.maxCents, TUITION_SETTINGS_MESSAGES.lateFeeCents),
  lateFeeAfterDays: whole(0, TUITION_SETTINGS_LIMITS.maxLateDays, TUITION_SETTINGS_MESSAGES.lateFeeAfterDays),
  /**
   * Closures as ranges `{start, end, label}` (a winter break is one closure); `{date, label}`, the
   * shape before ranges, is still read as a one-day closure (src/api/lib/closures.schemas.ts).
   */
  closures: closureListSchema({
    list: TUITION_SETTINGS_MESSAGES.closures,
    date: TUITION_SETTINGS_MESSAGES.closureDate,
    twice: TUITION_SETTINGS_MESSAGES.closureTwice,
  }),
})
export type TuitionSettingsInput = z.infer<typeof tuitionSettingsSchema>

/** The settings as GET and PUT /api/admin/tuition-settings answer them. */
export type TuitionSettingsDto = {
  billingDay: number
  seasonStartMonth: number
  registrationFeeCents: number
  siblingDiscountPercent: number
  multiClassDiscountPercent: number
  familyDiscountCapCents: number | null
  lateFeeCents: number
  lateFeeAfterDays: number
  /** The academy's closures in calendar order, each a range of days (src/shared/closures.ts). */
  closures: readonly ClosureDto[]
}
