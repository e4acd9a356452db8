import type { GlobalConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'
import { nobody } from '#cms/access/nobody'

/**
 * Stripe settings and the global payments switch. The secret key is stored encrypted
 * (AES-256-GCM under a key derived from PAYLOAD_SECRET) and never leaves the server in clear.
 */
export const PaymentConfig: GlobalConfig = {
  slug: 'payment-config',
  label: 'Payment settings',
  admin: {
    group: 'Billing',
    description:
      'Stripe keys and the global payments switch. Change the secret key in the /admin console (Payments tab): it is stored encrypted and never shown.',
  },
  access: { read: isAdmin, update: isAdmin },
  fields: [
    { name: 'publicKey', label: 'Stripe publishable key', type: 'text', admin: { description: 'Stripe publishable key (pk_…).' } },
    {
      name: 'secretKeyEncrypted',
      type: 'text',
      hidden: true,
      access: { read: nobody, update: nobody },
    },
    {
      name: 'secretKeyHint',
      label: 'Stripe secret key',
      type: 'text',
      admin: { readOnly: true, description: 'Masked secret key, set from the /admin console.' },
    },
    { name: 'subscriptionEnabled', label: 'Subscriptions enabled', type: 'checkbox', defaultValue: false },
    {
      name: 'subscriptionPriceId',
      label: 'Subscription price id',
      type: 'text',
      admin: { condition: (data) => data?.subscriptionEnabled === true, description: 'The Stripe price (price_…) families subscribe to.' },
    },
    {
      name: 'paymentsDisabled',
      label: 'Card payments turned off',
      type: 'checkbox',
      defaultValue: false,
      admin: { description: 'While ticked, families cannot pay invoices by card.' },
    },
    {
      name: 'testMode',
      label: 'Test mode',
      type: 'checkbox',
      defaultValue: true,
      admin: { description: 'Test mode uses Stripe test cards; no real money moves.' },
    },
  ],
}
