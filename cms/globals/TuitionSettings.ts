import type { GlobalConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'
import { TUITION_SETTINGS_DEFAULTS, TUITION_SETTINGS_LIMITS, TUITION_SETTINGS_MESSAGES } from '#api/studio/tuition-settings.schemas'
import { closuresField } from '#cms/fields/closures'
import { centsField } from '#cms/fields/money'
import { noticeAcademyClosures } from '#api/notices'
import type { TuitionSetting } from '#cms/payload-types'
import { EXAM_FEE_BILLING } from '#shared/statuses'

const wholeBetween = (min: number, max: number, message: string) => (value: unknown) =>
  value == null || (typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max) ? true : message

const MAX_CENTS = TUITION_SETTINGS_LIMITS.maxCents

/**
 * How the academy bills tuition (src/shared/tuition.ts): one row, edited by administrators in
 * /cms or through PUT /api/admin/tuition-settings. Money in integer cents, discounts in whole
 * percent, closures as ranges of calendar days (cms/fields/closures.ts).
 */
export const TuitionSettings: GlobalConfig = {
  slug: 'tuition-settings',
  label: 'Tuition settings',
  admin: {
    group: 'Billing',
    description: 'How monthly tuition is billed. Amounts are in cents (12500 = $125.00), discounts in whole percent.',
  },
  access: { read: isAdmin, update: isAdmin },
  hooks: {
    // An academy closure added is told to the families of the classes it closes (decisions "Automatic notices").
    afterChange: [
      async ({ context, doc, previousDoc, req }) => {
        if (context.notices === false) return doc
        await noticeAcademyClosures(req, (previousDoc as TuitionSetting | undefined)?.closures, (doc as TuitionSetting).closures)
        return doc
      },
    ],
  },
  fields: [
    {
      name: 'billingDay',
      label: 'Billing day of the month',
      type: 'number',
      required: true,
      defaultValue: TUITION_SETTINGS_DEFAULTS.billingDay,
      admin: { step: 1, description: '1–28, so that it exists in every month.' },
      validate: wholeBetween(1, 28, TUITION_SETTINGS_MESSAGES.billingDay),
    },
    {
      name: 'seasonStartMonth',
      label: 'Season starts in month',
      type: 'number',
      required: true,
      defaultValue: TUITION_SETTINGS_DEFAULTS.seasonStartMonth,
      admin: { step: 1, description: '1–12: with 9, a season runs from September to August.' },
      validate: wholeBetween(1, 12, TUITION_SETTINGS_MESSAGES.seasonStartMonth),
    },
    centsField({
      name: 'registrationFeeCents',
      label: 'Registration fee per family per season ($)',
      required: true,
      defaultValue: TUITION_SETTINGS_DEFAULTS.registrationFeeCents,
      validate: wholeBetween(0, MAX_CENTS, TUITION_SETTINGS_MESSAGES.registrationFeeCents),
    }),
    {
      name: 'siblingDiscountPercent',
      label: 'Sibling discount (%)',
      type: 'number',
      required: true,
      defaultValue: TUITION_SETTINGS_DEFAULTS.siblingDiscountPercent,
      admin: { step: 1, description: 'Off the tuition of the second and every further student of a family.' },
      validate: wholeBetween(0, 100, TUITION_SETTINGS_MESSAGES.siblingDiscountPercent),
    },
    {
      name: 'multiClassDiscountPercent',
      label: 'Multi-class discount (%)',
      type: 'number',
      required: true,
      defaultValue: TUITION_SETTINGS_DEFAULTS.multiClassDiscountPercent,
      admin: { step: 1, description: "Off each of a student's classes but the most expensive one." },
      validate: wholeBetween(0, 100, TUITION_SETTINGS_MESSAGES.multiClassDiscountPercent),
    },
    centsField({
      name: 'familyDiscountCapCents',
      label: 'Family discount cap per month ($)',
      admin: { description: 'The most all discounts of a family may add up to in one month. Empty: no cap.' },
      validate: wholeBetween(0, MAX_CENTS, TUITION_SETTINGS_MESSAGES.familyDiscountCapCents),
    }),
    centsField({
      name: 'lateFeeCents',
      label: 'Late fee ($)',
      required: true,
      defaultValue: TUITION_SETTINGS_DEFAULTS.lateFeeCents,
      admin: { description: '0.00: no late fee.' },
      validate: wholeBetween(0, MAX_CENTS, TUITION_SETTINGS_MESSAGES.lateFeeCents),
    }),
    {
      name: 'lateFeeAfterDays',
      label: 'Late fee after (days past due)',
      type: 'number',
      required: true,
      defaultValue: TUITION_SETTINGS_DEFAULTS.lateFeeAfterDays,
      admin: { step: 1 },
      validate: wholeBetween(0, TUITION_SETTINGS_LIMITS.maxLateDays, TUITION_SETTINGS_MESSAGES.lateFeeAfterDays),
    },
    closuresField({
      description: 'Days without classes (holidays, breaks), each a first and last day: they are not billed.',
      messages: { list: TUITION_SETTINGS_MESSAGES.closures, date: TUITION_SETTINGS_MESSAGES.closureDate, twice: TUITION_SETTINGS_MESSAGES.closureTwice },
    }),
    {
      name: 'examFeeBilling',
      label: 'Exam fees are billed',
      type: 'select',
      defaultValue: 'next-tuition-invoice',
      options: [
        { label: 'On the next tuition invoice', value: EXAM_FEE_BILLING[0] },
        { label: 'On an invoice of their own, when the family accepts', value: EXAM_FEE_BILLING[1] },
      ],
      admin: { description: 'How the fee of an exam entry is billed once the family accepts it (decisions §29).' },
    },
    {
      name: 'splitBilling',
      label: 'Split billing for separated parents',
      type: 'checkbox',
      defaultValue: false,
      admin: {
        description:
          'On: a household may bill each child (or one class of a child) to one of its guardians; the month is computed for the household once and each guardian gets an invoice of their lines (decisions §34).',
      },
    },
  ],
}
