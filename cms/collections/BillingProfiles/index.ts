import type { CollectionConfig } from 'payload'

import { adminOnly } from '#cms/access/isAdmin'
import { isAdminField } from '#cms/access/isAdminField'
import { nobody } from '#cms/access/nobody'
import { CARD_SCOPE_FIELD } from '#cms/fields/card-scope'

/**
 * A family's billing at Stripe (decisions §12): its Stripe customer and whether autopay is on.
 * Families read and change it only through /api/autopay; the customer id is the server's alone.
 * `scope` says whose (decisions §36, a guardian's own card): the household's (`user` is the
 * household's account) or one guardian's own under split billing (`user` is that guardian).
 */
export const BillingProfiles: CollectionConfig = {
  slug: 'billing-profiles',
  labels: { singular: 'Billing profile', plural: 'Billing profiles' },
  admin: {
    group: 'Billing',
    defaultColumns: ['user', 'autopayEnabled', 'updatedAt'],
    description: 'Autopay per family. Families turn autopay on or off on their Account page; the Stripe customer is set by the server.',
  },
  access: adminOnly,
  // One profile per account and scope: a household's account may also hold its own as a guardian.
  indexes: [{ fields: ['user', 'scope'], unique: true }],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    CARD_SCOPE_FIELD,
    {
      name: 'stripeCustomerId',
      type: 'text',
      unique: true,
      access: { read: isAdminField, create: nobody, update: nobody },
      admin: { readOnly: true, description: 'The family as a customer at Stripe; created when they first save a card.' },
    },
    {
      name: 'autopayEnabled',
      label: 'Autopay on',
      type: 'checkbox',
      defaultValue: false,
      admin: { description: 'Tuition invoices are charged to the saved card on the billing day.' },
    },
  ],
  timestamps: true,
}
