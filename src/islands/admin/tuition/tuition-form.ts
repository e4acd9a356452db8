import { tuitionSettingsSchema, type TuitionSettingsDto, type TuitionSettingsInput } from '#api/studio/tuition-settings.schemas'
import type { ClosureDto } from '#api/lib/closures.schemas'
import { validate, type FieldErrors } from '#islands/lib/form'
import { centsToDollars, dollarsToCents, hasAtMostTwoDecimals } from '#shared/money'

/**
 * The Tuition tab's settings form (decisions §11): money asked in dollars ("35" or "35.00"),
 * percents and days as whole numbers, closures as ranges of days with an optional label. What
 * cannot be read as a number goes to the shared schema as typed, so the form shows the same
 * message the server would.
 */
export type TuitionFormValues = {
  billingDay: string
  seasonStartMonth: string
  registrationFee: string
  siblingDiscountPercent: string
  multiClassDiscountPercent: string
  familyDiscountCap: string
  lateFee: string
  lateFeeAfterDays: string
  /** Closures as ranges, kept by the form's ClosuresEditor (#islands/admin/closures). */
  closures: ClosureDto[]
}

export const TUITION_FORM_FIELDS = [
  'billingDay',
  'seasonStartMonth',
  'registrationFeeCents',
  'siblingDiscountPercent',
  'multiClassDiscountPercent',
  'familyDiscountCapCents',
  'lateFeeCents',
  'lateFeeAfterDays',
  'closures',
] as const

const dollars = (cents: number) => centsToDollars(cents).toFixed(2)

export function toFormValues(settings: TuitionSettingsDto): TuitionFormValues {
  return {
    billingDay: String(settings.billingDay),
    seasonStartMonth: String(settings.seasonStartMonth),
    registrationFee: dollars(settings.registrationFeeCents),
    siblingDiscountPercent: String(settings.siblingDiscountPercent),
    multiClassDiscountPercent: String(settings.multiClassDiscountPercent),
    familyDiscountCap: settings.familyDiscountCapCents === null ? '' : dollars(settings.familyDiscountCapCents),
    lateFee: dollars(settings.lateFeeCents),
    lateFeeAfterDays: String(settings.lateFeeAfterDays),
    closures: [...settings.closures],
  }
}

/** "12" → 12; anything else stays the text typed, for the schema to refuse with its message. */
function whole(text: string): number | string {
  const value = text.trim()
  return /^-?\d+$/.test(value) ? Number(value) : value
}

/** "35", "35.5", "$1,035.00" → cents; anything else stays as typed. */
function cents(text: string): number | string {
  const value = text.trim().replace(/^\$/, '').replace(/,/g, '')
  if (!/^-?\d+(\.\d+)?$/.test(value) || !hasAtMostTwoDecimals(Number(value))) return text
  return dollarsToCents(Number(value))
}

/** Form strings → PUT /api/admin/tuition-settings, checked with the schema the server uses. */
export function parseTuitionForm(values: TuitionFormValues): { ok: true; data: TuitionSettingsInput } | { ok: false; errors: FieldErrors } {
  return validate(tuitionSettingsSchema, {
    billingDay: whole(values.billingDay),
    seasonStartMonth: whole(values.seasonStartMonth),
    registrationFeeCents: cents(values.registrationFee),
    siblingDiscountPercent: whole(values.siblingDiscountPercent),
    multiClassDiscountPercent: whole(values.multiClassDiscountPercent),
    familyDiscountCapCents: values.familyDiscountCap.trim() === '' ? null : cents(values.familyDiscountCap),
    lateFeeCents: cents(values.lateFee),
    lateFeeAfterDays: whole(values.lateFeeAfterDays),
    closures: values.closures,
  })
}
