import type { CollectionConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'
import { isAdminField } from '#cms/access/isAdminField'
import { nobody } from '#cms/access/nobody'
import { ownedByUser } from '#cms/access/ownedByUser'
import { CARD_SCOPE_FIELD } from '#cms/fields/card-scope'

/** Card references only (brand, last four, Stripe's id): card data never reaches our server. */
export const PaymentMethods: CollectionConfig = {
  slug: 'payment-methods',
  labels: { singular: 'Saved card', plural: 'Saved cards' },
  admin: {
    group: 'Billing',
    defaultColumns: ['user', 'cardBrand', 'lastFour', 'expiryMonth', 'expiryYear', 'isDefault'],
    description: 'Cards families saved through Stripe. Only the brand, the last four digits and the expiry are kept here; Stripe holds the card.',
  },
  // Families save, choose and remove cards through /api (src/api/autopay/autopay.ts), which
  // talks to Stripe and writes as the server; here they only read their own.
  access: { read: ownedByUser('user'), create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    // A card never changes family, whoever writes through the API.
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true, access: { update: isAdminField } },
    CARD_SCOPE_FIELD,
    {
      // Decisions §39: a card is the guardian's who saved it, whichever holder it pays for. A plain
      // id, like an invoice's, so a deleted account's card never reads as anyone else's.
      name: 'savedBy',
      label: 'Saved by (account id)',
      type: 'number',
      access: { create: isAdminField, update: nobody },
      admin: { readOnly: true, description: 'The guardian who saved the card: it is charged only while they are in the household.' },
    },
    { name: 'type', type: 'text', defaultValue: 'card' },
    { name: 'isDefault', type: 'checkbox', defaultValue: false },
    { name: 'cardBrand', type: 'text' },
    { name: 'lastFour', type: 'text', maxLength: 4 },
    { name: 'expiryMonth', type: 'number' },
    { name: 'expiryYear', type: 'number' },
    { name: 'stripePaymentMethodId', type: 'text', unique: true },
  ],
  timestamps: true,
}
