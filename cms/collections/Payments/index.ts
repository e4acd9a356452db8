import type { CollectionConfig } from 'payload'

import { PAYMENT_STATUSES } from '#api/schemas/billing'
import { isAdmin } from '#cms/access/isAdmin'
import { ownedByUser } from '#cms/access/ownedByUser'

/** One row per Stripe PaymentIntent (decisions §5): `transactionId` is unique. */
export const Payments: CollectionConfig = {
  slug: 'payments',
  admin: {
    group: 'Billing',
    defaultColumns: ['id', 'invoice', 'amountCents', 'status', 'method', 'createdAt'],
    listSearchableFields: ['transactionId'],
    description: 'Card payments, recorded by the server once Stripe confirms them. They are financial records and cannot be deleted.',
  },
  // Payments are recorded only by the server after Stripe confirms them.
  access: { read: ownedByUser('userId'), create: isAdmin, update: isAdmin, delete: () => false },
  fields: [
    { name: 'invoice', type: 'relationship', relationTo: 'invoices', index: true },
    { name: 'userId', label: 'Account id', type: 'number', required: true, index: true },
    { name: 'amountCents', label: 'Amount (cents)', type: 'number', required: true, admin: { step: 1 } },
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
  ],
  timestamps: true,
}
