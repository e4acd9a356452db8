import type { CollectionConfig } from 'payload'

import { CARD_INTENT_STATUSES } from '#shared/statuses'
import { isAdmin } from '#cms/access/isAdmin'

/**
 * The PaymentIntents the card form opened for an invoice (decisions §5): the server keeps them so
 * that it can cancel them at Stripe when the invoice stops being payable (autopay claims it, an
 * administrator voids it or records an offline payment), leaving one open PaymentIntent per
 * invoice at a time. Plain ids, as payments keep: they outlive the invoice.
 */
export const CardIntents: CollectionConfig = {
  slug: 'card-intents',
  labels: { singular: 'Card payment intent', plural: 'Card payment intents' },
  admin: {
    group: 'Billing',
    defaultColumns: ['invoiceId', 'userId', 'status', 'paymentIntentId', 'createdAt'],
    description: 'PaymentIntents opened by the card form on /billing, written by the server.',
  },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'invoiceId', label: 'Invoice id', type: 'number', required: true, index: true },
    { name: 'userId', label: 'Account id', type: 'number', required: true },
    // The guardian who last opened the card form for it: who paid, when only Stripe's webhook reports the payment.
    { name: 'openedById', label: 'Opened by (account id)', type: 'number' },
    { name: 'paymentIntentId', label: 'Stripe PaymentIntent id', type: 'text', required: true, unique: true },
    { name: 'status', type: 'select', required: true, options: CARD_INTENT_STATUSES.map((s) => ({ label: s, value: s })) },
  ],
  timestamps: true,
}
