import type { CollectionConfig } from 'payload'

import { OFFLINE_METHOD_LABELS, OFFLINE_METHODS, PAYMENT_STATUSES } from '#shared/statuses'
import { INVOICE_ACTION_MESSAGES } from '#api/invoices/schemas'
import { isAdmin } from '#cms/access/isAdmin'
import { ownedByUser } from '#cms/access/ownedByUser'
import { validateDay } from '#cms/fields/dates'
import { centsField } from '#cms/fields/money'

/** One row per Stripe PaymentIntent (decisions §5): `transactionId` is unique. */
export const Payments: CollectionConfig = {
  slug: 'payments',
  admin: {
    group: 'Billing',
    defaultColumns: ['id', 'invoice', 'amountCents', 'status', 'method', 'createdAt'],
    listSearchableFields: ['transactionId'],
    description:
      'Card payments, recorded by the server once Stripe confirms them, and payments an administrator recorded as received offline (method "offline"). A card payment that arrives for an invoice already paid or voided is refunded automatically (status "refunded"); a payment an administrator reverses in the console is refunded (card) or marked "reversed" (offline), with who, when and why. They are financial records and cannot be deleted.',
  },
  // Payments are recorded only by the server after Stripe confirms them.
  access: { read: ownedByUser('userId'), create: isAdmin, update: isAdmin, delete: () => false },
  fields: [
    { name: 'invoice', type: 'relationship', relationTo: 'invoices', index: true },
    { name: 'userId', label: 'Account id', type: 'number', required: true, index: true },
    centsField({ name: 'amountCents', label: 'Amount ($)', required: true }),
    { name: 'paymentMethodId', type: 'number', defaultValue: 1 },
    { name: 'method', type: 'text', defaultValue: 'stripe' },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'completed',
      options: PAYMENT_STATUSES.map((s) => ({ label: s, value: s })),
    },
    { name: 'transactionId', label: 'Stripe payment id', type: 'text', unique: true, admin: { readOnly: true } },
    { name: 'metadata', type: 'textarea', admin: { description: 'JSON: cardholderName and paymentIntentId.' } },
    // A payment received outside the card form (decisions §10): how, when, what the administrator noted, and who.
    {
      name: 'offlineMethod',
      label: 'Paid by',
      type: 'select',
      options: OFFLINE_METHODS.map((m) => ({ label: OFFLINE_METHOD_LABELS[m], value: m })),
      admin: { description: 'Offline payments only.' },
    },
    {
      name: 'receivedOn',
      label: 'Received on',
      type: 'text',
      admin: { description: 'Offline payments: YYYY-MM-DD.' },
      validate: validateDay(INVOICE_ACTION_MESSAGES.receivedOn, { optional: true }),
    },
    { name: 'note', type: 'text', maxLength: 500 },
    { name: 'recordedById', label: 'Recorded by (account id)', type: 'number', admin: { readOnly: true } },
    // Decisions §23: the guardian who paid by card (the one who reported it, else who opened the card form); empty for autopay and the office.
    { name: 'paidById', label: 'Paid by (account id)', type: 'number', admin: { readOnly: true } },
    { name: 'paidByName', label: 'Paid by', type: 'text', admin: { readOnly: true } },
    // A card payment that arrived for an invoice already paid or voided, refunded by the server (status "refunded").
    { name: 'refundId', label: 'Stripe refund id', type: 'text', admin: { readOnly: true } },
    { name: 'refundedAt', label: 'Refunded at', type: 'date', admin: { readOnly: true } },
    { name: 'refundReason', label: 'Why it was refunded', type: 'text', maxLength: 300, admin: { readOnly: true } },
    // A payment an administrator reversed (decisions §10): card payments are refunded (status "refunded"), offline ones "reversed".
    { name: 'reversedAt', label: 'Reversed at', type: 'date', admin: { readOnly: true } },
    { name: 'reversedById', label: 'Reversed by (account id)', type: 'number', admin: { readOnly: true } },
    { name: 'reversedByName', label: 'Reversed by', type: 'text', admin: { readOnly: true } },
    { name: 'reversalReason', label: 'Why it was reversed', type: 'text', maxLength: 300, admin: { readOnly: true } },
  ],
  timestamps: true,
}
