import type { CollectionConfig } from 'payload'

import { isAdmin } from '../../access/isAdmin'
import { ownedByUser } from '../../access/ownedByUser'

/** Card references only (brand, last four, Stripe's id): card data never reaches our server. */
export const PaymentMethods: CollectionConfig = {
  slug: 'payment-methods',
  admin: { group: 'Billing', defaultColumns: ['user', 'cardBrand', 'lastFour', 'isDefault'] },
  access: { read: ownedByUser('user'), create: isAdmin, update: ownedByUser('user'), delete: ownedByUser('user') },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'type', type: 'text', defaultValue: 'card' },
    { name: 'isDefault', type: 'checkbox', defaultValue: false },
    { name: 'cardBrand', type: 'text' },
    { name: 'lastFour', type: 'text', maxLength: 4 },
    { name: 'expiryMonth', type: 'number' },
    { name: 'expiryYear', type: 'number' },
    { name: 'stripePaymentMethodId', type: 'text', index: true },
  ],
  timestamps: true,
}
