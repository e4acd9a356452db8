import type { Payload, PayloadRequest } from 'payload'

import type { TuitionSetting } from '#cms/payload-types'
import { closureDays, sortClosures } from '#shared/closures'
import { TUITION_SETTINGS_DEFAULTS, type TuitionSettingsDto, type TuitionSettingsInput } from './tuition-settings.schemas'

/** The stored settings, with the defaults for whatever was never saved (a fresh academy has no row). */
export function toTuitionSettingsDto(doc: Partial<TuitionSetting>): TuitionSettingsDto {
  const d = TUITION_SETTINGS_DEFAULTS
  return {
    billingDay: doc.billingDay ?? d.billingDay,
    seasonStartMonth: doc.seasonStartMonth ?? d.seasonStartMonth,
    registrationFeeCents: doc.registrationFeeCents ?? d.registrationFeeCents,
    siblingDiscountPercent: doc.siblingDiscountPercent ?? d.siblingDiscountPercent,
    multiClassDiscountPercent: doc.multiClassDiscountPercent ?? d.multiClassDiscountPercent,
    familyDiscountCapCents: doc.familyDiscountCapCents ?? d.familyDiscountCapCents,
    lateFeeCents: doc.lateFeeCents ?? d.lateFeeCents,
    lateFeeAfterDays: doc.lateFeeAfterDays ?? d.lateFeeAfterDays,
    closures: sortClosures((doc.closures ?? []).map((closure) => ({ start: closure.start, end: closure.end, label: closure.label ?? null }))),
  }
}

/** The academy's tuition settings (server code: the tuition run reads them too). */
export async function readTuitionSettings(payload: Payload, req?: PayloadRequest): Promise<TuitionSettingsDto> {
  const doc = (await payload.findGlobal({ slug: 'tuition-settings', overrideAccess: true, depth: 0, req })) as Partial<TuitionSetting>
  return toTuitionSettingsDto(doc)
}

/** PUT /api/admin/tuition-settings: replaces the settings as a whole; the global's access and validation apply too. */
export async function saveTuitionSettings(req: PayloadRequest, input: TuitionSettingsInput): Promise<TuitionSettingsDto> {
  const doc = await req.payload.updateGlobal({
    slug: 'tuition-settings',
    req,
    overrideAccess: false,
    depth: 0,
    data: { ...input, closures: input.closures.map(({ start, end, label }) => ({ start, end, label })) },
  })
  return toTuitionSettingsDto(doc)
}

/**
 * Every day the whole academy is closed (its closures expanded by `closureDays`, one definition
 * for proration, the calendar feed, absences and makeups), `YYYY-MM-DD`, in order.
 */
export async function readAcademyClosureDays(payload: Payload, req?: PayloadRequest): Promise<string[]> {
  return closureDays((await readTuitionSettings(payload, req)).closures)
}

/**
 * Whether the academy has switched split billing on (decisions §34): set in /cms, kept
 * out of the settings DTO so the settings' contract is as it was while it is off.
 */
export async function readSplitBilling(req: PayloadRequest): Promise<boolean> {
  const doc = (await req.payload.findGlobal({ slug: 'tuition-settings', req, depth: 0, overrideAccess: true })) as Partial<TuitionSetting>
  return doc.splitBilling === true
}
