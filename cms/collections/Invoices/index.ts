import type { CollectionConfig } from 'payload'

import { INVOICE_KINDS, INVOICE_STATUSES } from '#shared/statuses'
import { INVOICE_LINE_MESSAGES } from '#api/invoices/schemas'
import { isAdmin } from '#cms/access/isAdmin'
import { ownedByUser } from '#cms/access/ownedByUser'
import { validateDateDay, validateMonth } from '#cms/fields/dates'
import { centsField } from '#cms/fields/money'
import { LINE_KINDS } from '#shared/tuition'
import type { Invoice } from '#cms/payload-types'
import { deriveInvoiceTotals, isCoveredByCredits } from './hooks/deriveInvoiceTotals'
import { guardFinalInvoice, guardInvoiceDelete } from './hooks/guardFinalInvoice'
import { noticeNewInvoice } from './hooks/invoiceNotice'

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
      'What families owe, in dollars and cents. The /admin console (Billing) is where invoices are issued, paid, voided and searched by family; here are the raw records. An invoice with lines costs the sum of its lines. An invoice becomes paid only when its payment is recorded (a card payment, or Mark paid offline in the console); a paid or void invoice keeps its status and amount and is never deleted (reverse the payment in the console).',
  },
  access: { read: ownedByUser('userId'), create: isAdmin, update: isAdmin, delete: isAdmin },
  // Final is final (issue 23): the guard runs after the totals are derived.
  hooks: { beforeChange: [deriveInvoiceTotals, guardFinalInvoice], afterChange: [noticeNewInvoice], beforeDelete: [guardInvoiceDelete] },
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
      // Split billing (decisions §34): a plain id like userId, so the record outlives the guardian's account.
      name: 'billedTo',
      label: 'Billed to (guardian id)',
      type: 'number',
      index: true,
      admin: { readOnly: true, description: 'Split billing: the guardian of the household this invoice is billed to. Empty: the household payer.' },
    },
    { name: 'billedToName', label: 'Billed to', type: 'text', admin: { readOnly: true } },
    centsField({
      name: 'amountCents',
      label: 'Amount ($)',
      required: true,
      min: 1,
      admin: { description: 'In dollars and cents (125.00). With lines, it is their sum, whatever is typed here.' },
      // Zero only for a tuition month that credits paid in full (decisions §10); the hook checks that case.
      validate: (value: unknown, { siblingData }: { siblingData?: Partial<Invoice> }) =>
        typeof value === 'number' && Number.isInteger(value) && (value > 0 || (value === 0 && isCoveredByCredits(siblingData ?? {})))
          ? true
          : 'Amount must be more than $0.00',
    }),
    { name: 'description', type: 'text', required: true, maxLength: 300 },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: INVOICE_STATUSES.map((s) => ({ label: s[0]!.toUpperCase() + s.slice(1), value: s })),
    },
    { name: 'dueDate', label: 'Due date', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayOnly' } }, validate: validateDateDay },
    {
      // Not `required`: writers that predate kinds (seeds, tests) leave it out; the hook stores 'manual' then.
      name: 'kind',
      type: 'select',
      defaultValue: 'manual',
      index: true,
      options: INVOICE_KINDS.map((k) => ({ label: label(k), value: k })),
      admin: {
        description:
          'Manual: typed by an administrator. Tuition: the monthly bill of a family (one per month). Late fee: charged by the server on an overdue invoice.',
      },
    },
    {
      name: 'period',
      label: 'Month billed',
      type: 'text',
      index: true,
      admin: { description: 'YYYY-MM. Required for a tuition invoice; optional otherwise.' },
      validate: validateMonth(INVOICE_LINE_MESSAGES.period, { optional: true }),
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
        centsField({
          name: 'amountCents',
          label: 'Amount ($)',
          required: true,
          admin: { description: 'Negative (-5.00) for a discount or credit.' },
          validate: (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? true : 'Amount must be a whole number of cents'),
        }),
        { name: 'creditId', label: 'Credit id', type: 'number', admin: { description: 'Credit lines: the family credit this line uses.' } },
        {
          // Written by the tuition run (src/shared/tuition-explanations.ts): why the line is there, in a family's words.
          name: 'explanation',
          type: 'textarea',
          maxLength: 1000,
          admin: { description: 'Why the line is there and how its amount was reached (the tuition run writes it); shown to the family.' },
        },
      ],
    },
    {
      // Unique: an overdue invoice is charged at most one late fee, whatever runs at once (decisions §10).
      name: 'lateFeeFor',
      label: 'Late fee of invoice',
      type: 'number',
      unique: true,
      admin: { readOnly: true, description: 'A late-fee invoice: the overdue invoice it charges for.' },
    },
    {
      name: 'voidedAt',
      label: 'Voided at',
      type: 'date',
      admin: { readOnly: true, description: 'Set when an administrator voids the invoice (it is then cancelled).' },
    },
    { name: 'voidedById', label: 'Voided by (account id)', type: 'number', admin: { readOnly: true } },
    { name: 'voidedByName', label: 'Voided by', type: 'text', admin: { readOnly: true } },
    { name: 'voidReason', label: 'Why it was voided', type: 'text', maxLength: 300, admin: { readOnly: true } },
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
