import type { CollectionConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'
import { AUTOPAY_ATTEMPT_STATUSES } from '#shared/statuses'
import { validateDay } from '#cms/fields/dates'
import { centsField } from '#cms/fields/money'

/**
 * One row per automatic charge of an invoice and attempt number (decisions §12). The unique
 * (invoice, attempt) index is the claim: the process that inserts the row charges, any other
 * finds it taken, so two runs never charge an invoice twice. Plain ids, as invoices and
 * payments keep: these are financial records and outlive the invoice or the account.
 */
export const AutopayAttempts: CollectionConfig = {
  slug: 'autopay-attempts',
  labels: { singular: 'Autopay attempt', plural: 'Autopay attempts' },
  admin: {
    group: 'Billing',
    defaultColumns: ['invoiceId', 'attempt', 'userId', 'status', 'day', 'paymentIntentId'],
    description: 'Automatic card charges of tuition invoices, written by the autopay job.',
  },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  indexes: [{ fields: ['invoiceId', 'attempt'], unique: true }],
  fields: [
    { name: 'invoiceId', label: 'Invoice id', type: 'number', required: true, index: true },
    { name: 'attempt', type: 'number', required: true, min: 1, max: 3 },
    { name: 'userId', label: 'Account id', type: 'number', required: true, index: true },
    { name: 'status', type: 'select', required: true, options: AUTOPAY_ATTEMPT_STATUSES.map((s) => ({ label: s, value: s })) },
    {
      name: 'day',
      type: 'text',
      required: true,
      admin: { description: "The academy's date of the attempt (YYYY-MM-DD); retries count from attempt 1's." },
      validate: validateDay('The day must be a real day written YYYY-MM-DD'),
    },
    centsField({ name: 'amountCents', label: 'Amount ($)', required: true }),
    { name: 'paymentIntentId', type: 'text' },
    { name: 'failureMessage', type: 'text' },
  ],
  timestamps: true,
}
