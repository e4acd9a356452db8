import type { GlobalConfig } from 'payload'

import { isAdmin } from '../access/isAdmin'
import { nobody } from '../access/nobody'

/**
 * Stripe settings and the global payments switch. The secret key is stored encrypted
 * (AES-256-GCM under a key derived from PAYLOAD_SECRET) and never leaves the server in clear.
 */
export const PaymentConfig: GlobalConfig = {
  slug: 'payment-config',
  label: 'Payment settings',
  admin: { group: 'Billing' },
  access: { read: isAdmin, update: isAdmin },
  fields: [
    { name: 'publicKey', type: 'text', admin: { description: 'Stripe publishable key (pk_…).' } },
    {
      name: 'secretKeyEncrypted',
      type: 'text',
      hidden: true,
      access: { read: nobody, update: nobody },
    },
    { name: 'secretKeyHint', type: 'text', admin: { readOnly: true, description: 'Masked secret key, set from the /admin console.' } },
    { name: 'subscriptionEnabled', type: 'checkbox', defaultValue: false },
    { name: 'subscriptionPriceId', type: 'text' },
    { name: 'paymentsDisabled', type: 'checkbox', defaultValue: false },
    { name: 'testMode', type: 'checkbox', defaultValue: true },
  ],
}
