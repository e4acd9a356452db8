import type { CollectionConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'
import { ownedByUser } from '#cms/access/ownedByUser'

/** Card references only (brand, last four, Stripe's id): card data never reaches our server. */
export const PaymentMethods: CollectionConfig = {
  slug: 'payment-methods',
  labels: { singular: 'Saved card', plural: 'Saved cards' },
  admin: {
    group: 'Billing',
    defaultColumns: ['user', 'cardBrand', 'lastFour', 'expiryMonth', 'expiryYear', 'isDefault'],
    description: 'Cards families saved through Stripe. Only the brand, the last four digits and the expiry are kept here; Stripe holds the card.',
  },
  access: { read: ownedByUser('user'), create: isAdmin, update: ownedByUser('user'), delete: ownedByUser('user') },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
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
