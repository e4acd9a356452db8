import type { CollectionConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'
import { TUITION_RUN_STATUSES } from '#shared/statuses'
import { TUITION_RUN_MESSAGES } from '#api/tuition/schemas'
import { validateMonth } from '#cms/fields/dates'
import { centsField } from '#cms/fields/money'

const nobody = () => false

/**
 * One row per billed month: the scheduled tuition run's record (decisions §13). The billing
 * calendar (src/api/tuition/billing-calendar.ts) claims a month by creating or taking over
 * this row, so exactly one process bills a month at a time; administrators read it in /cms and
 * through GET /api/admin/tuition/runs, and nobody writes it but the calendar.
 */
export const TuitionRuns: CollectionConfig = {
  slug: 'tuition-runs',
  labels: { singular: 'Tuition run', plural: 'Tuition runs' },
  admin: {
    group: 'Billing',
    useAsTitle: 'period',
    defaultColumns: ['period', 'status', 'attempts', 'invoicesCreated', 'finishedAt', 'error'],
    description: 'The monthly tuition runs of the billing calendar: one per month, written by the scheduled job only.',
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  fields: [
    // The month's unique key: a second process cannot create another row for it.
    {
      name: 'period',
      label: 'Month',
      type: 'text',
      required: true,
      unique: true,
      admin: { description: 'YYYY-MM' },
      validate: validateMonth(TUITION_RUN_MESSAGES.period),
    },
    { name: 'status', type: 'select', required: true, index: true, options: TUITION_RUN_STATUSES.map((s) => ({ label: s, value: s })) },
    {
      name: 'attempts',
      type: 'number',
      required: true,
      defaultValue: 1,
      admin: { description: 'How many times the run was started (a resumed run counts again).' },
    },
    { name: 'owner', type: 'text', admin: { description: 'The process running it now (host:pid:claim).' } },
    { name: 'startedAt', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'heartbeatAt', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayAndTime' }, description: 'Renewed while the run goes on.' } },
    { name: 'finishedAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'families', type: 'number', defaultValue: 0, admin: { description: 'Families with enrollments, last attempt.' } },
    { name: 'invoicesCreated', type: 'number', defaultValue: 0, admin: { description: 'Invoices issued by this run, every attempt together.' } },
    { name: 'alreadyInvoiced', type: 'number', defaultValue: 0, admin: { description: 'Families that had their invoice already, last attempt.' } },
    { name: 'nothingToBill', type: 'number', defaultValue: 0 },
    centsField({ name: 'totalCents', label: 'Total ($)', defaultValue: 0, admin: { description: 'Sum of the invoices this run issued.' } }),
    { name: 'error', type: 'textarea' },
  ],
  timestamps: true,
}
