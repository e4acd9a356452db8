import type { CollectionConfig } from 'payload'

import { INVOICE_STATUSES } from '#api/schemas/billing'
import { isAdmin } from '#cms/access/isAdmin'
import { ownedByUser } from '#cms/access/ownedByUser'

/**
 * Invoices are financial records: they outlive the account (decisions §2), so the payer is
 * kept as a plain id plus a snapshot of name and email rather than a relationship that a
 * deletion would clear.
 */
export const Invoices: CollectionConfig = {
  slug: 'invoices',
  admin: {
    group: 'Billing',
    useAsTitle: 'description',
    defaultColumns: ['id', 'description', 'payerName', 'amountCents', 'status', 'dueDate'],
    listSearchableFields: ['description', 'payerName', 'payerEmail'],
    description:
      'What families owe. The /admin console creates invoices in dollars; here amounts are in cents. A card payment marks an invoice paid by itself.',
  },
  access: { read: ownedByUser('userId'), create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'userId', label: 'Account id', type: 'number', required: true, index: true },
    {
      name: 'payerName',
      label: 'Family',
      type: 'text',
      admin: { description: 'The account holder when the invoice was issued; kept if the account is deleted.' },
    },
    { name: 'payerEmail', label: 'Family email', type: 'text' },
    {
      name: 'amountCents',
      label: 'Amount (cents)',
      type: 'number',
      required: true,
      min: 1,
      admin: { step: 1, description: 'Exact amount in cents (12500 = $125.00).' },
      validate: (value: unknown) =>
        typeof value === 'number' && Number.isInteger(value) && value > 0 ? true : 'Amount must be a positive whole number of cents',
    },
    { name: 'description', type: 'text', required: true, maxLength: 300 },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: INVOICE_STATUSES.map((s) => ({ label: s[0]!.toUpperCase() + s.slice(1), value: s })),
    },
    { name: 'dueDate', label: 'Due date', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayOnly' } } },
  ],
  timestamps: true,
}
