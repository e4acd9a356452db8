import type { CollectionConfig } from 'payload'

import { INVOICE_KINDS, INVOICE_STATUSES } from '#api/schemas/billing'
import { isAdmin } from '#cms/access/isAdmin'
import { ownedByUser } from '#cms/access/ownedByUser'
import { LINE_KINDS } from '#shared/tuition'
import { deriveInvoiceTotals } from './hooks/deriveInvoiceTotals'

const label = (value: string) => value[0]!.toUpperCase() + value.slice(1).replace('-', ' ')

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
    defaultColumns: ['id', 'description', 'payerName', 'amountCents', 'kind', 'period', 'status', 'dueDate'],
    listSearchableFields: ['description', 'payerName', 'payerEmail'],
    description:
      'What families owe. The /admin console creates invoices in dollars; here amounts are in cents. An invoice with lines costs the sum of its lines. A card payment marks an invoice paid by itself.',
  },
  access: { read: ownedByUser('userId'), create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: { beforeChange: [deriveInvoiceTotals] },
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
      admin: { step: 1, description: 'Exact amount in cents (12500 = $125.00). With lines, it is their sum, whatever is typed here.' },
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
    {
      // Not `required`: writers that predate kinds (seeds, tests) leave it out; the hook stores 'manual' then.
      name: 'kind',
      type: 'select',
      defaultValue: 'manual',
      index: true,
      options: INVOICE_KINDS.map((k) => ({ label: label(k), value: k })),
      admin: { description: 'Manual: typed by an administrator. Tuition: the monthly bill of a family (one per month).' },
    },
    {
      name: 'period',
      label: 'Month billed',
      type: 'text',
      index: true,
      admin: { description: 'YYYY-MM. Required for a tuition invoice; optional otherwise.' },
    },
    {
      name: 'lines',
      type: 'array',
      labels: { singular: 'Line', plural: 'Lines' },
      admin: { description: 'What the invoice is made of. Discounts and credits are negative amounts.' },
      fields: [
        { name: 'kind', type: 'select', required: true, defaultValue: 'manual', options: LINE_KINDS.map((k) => ({ label: label(k), value: k })) },
        { name: 'description', type: 'text', required: true, maxLength: 300 },
        // Ids and names, not relationships: like the payer, the line outlives the student or class (decisions §2).
        { name: 'studentId', label: 'Student id', type: 'number' },
        { name: 'studentName', label: 'Student', type: 'text' },
        { name: 'classId', label: 'Class id', type: 'number' },
        { name: 'className', label: 'Class', type: 'text' },
        {
          name: 'amountCents',
          label: 'Amount (cents)',
          type: 'number',
          required: true,
          admin: { step: 1, description: 'Cents; negative for a discount or credit.' },
          validate: (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? true : 'Amount must be a whole number of cents'),
        },
      ],
    },
    {
      // Derived by deriveInvoiceTotals; its unique index allows one tuition invoice per family and month.
      name: 'tuitionKey',
      type: 'text',
      unique: true,
      admin: { hidden: true },
    },
  ],
  timestamps: true,
}
