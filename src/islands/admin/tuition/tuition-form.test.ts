import { describe, expect, it } from 'vitest'

import { TUITION_SETTINGS_DEFAULTS, TUITION_SETTINGS_MESSAGES } from '#api/studio/tuition-settings.schemas'
import { parseTuitionForm, toFormValues } from './tuition-form'

const base = toFormValues({ ...TUITION_SETTINGS_DEFAULTS, closures: [{ start: '2026-12-21', end: '2027-01-03', label: 'Winter break' }] })

describe('the tuition settings form', () => {
  it('reads dollars as cents, an empty cap as no cap, and keeps the closures in calendar order', () => {
    const parsed = parseTuitionForm({
      ...base,
      registrationFee: '$1,035.50',
      familyDiscountCap: '',
      lateFee: '15',
      closures: [
        { start: '2027-01-02', end: '2027-01-02', label: '' },
        { start: '2026-12-24', end: '2026-12-24', label: 'Winter break' },
      ],
    })
    expect(parsed).toEqual({
      ok: true,
      data: {
        ...TUITION_SETTINGS_DEFAULTS,
        registrationFeeCents: 103550,
        lateFeeCents: 1500,
        closures: [
          { start: '2026-12-24', end: '2026-12-24', label: 'Winter break' },
          { start: '2027-01-02', end: '2027-01-02', label: null },
        ],
      },
    })
  })

  it('round-trips the saved settings', () => {
    expect(parseTuitionForm(base)).toEqual({
      ok: true,
      data: { ...TUITION_SETTINGS_DEFAULTS, closures: [{ start: '2026-12-21', end: '2027-01-03', label: 'Winter break' }] },
    })
  })

  it('shows the server’s messages for what it cannot read', () => {
    const parsed = parseTuitionForm({
      ...base,
      billingDay: '31',
      registrationFee: 'ten',
      siblingDiscountPercent: '12.5',
      familyDiscountCap: '-1',
      closures: [
        { start: '2026-12-24', end: '2026-12-24', label: '' },
        { start: '2026-12-24', end: '2026-12-24', label: '' },
      ],
    })
    expect(parsed).toEqual({
      ok: false,
      errors: {
        billingDay: TUITION_SETTINGS_MESSAGES.billingDay,
        registrationFeeCents: TUITION_SETTINGS_MESSAGES.registrationFeeCents,
        siblingDiscountPercent: TUITION_SETTINGS_MESSAGES.siblingDiscountPercent,
        familyDiscountCapCents: TUITION_SETTINGS_MESSAGES.familyDiscountCapCents,
        closures: TUITION_SETTINGS_MESSAGES.closureTwice,
      },
    })
    expect(parseTuitionForm({ ...base, closures: [{ start: '2026-02-30', end: '2026-02-30', label: '' }] })).toEqual({
      ok: false,
      errors: { closures: TUITION_SETTINGS_MESSAGES.closureDate },
    })
  })
})
