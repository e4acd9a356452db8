import type { CollectionConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'
import { ownedByGuardian } from '#cms/access/ownedByGuardian'
import { DELIVERY_STATUSES } from '#shared/statuses'

/**
 * One guardian's copy of a message (issue 25): whom, which of their children it concerns, how it
 * went out and whether they read it. A family reads only its own household's copies (the rule of
 * src/api/lib/ownership.ts, here and in the slice); rows are written by the messages slice only.
 */
export const MessageRecipients: CollectionConfig = {
  slug: 'message-recipients',
  labels: { singular: 'Message recipient', plural: 'Message recipients' },
  admin: {
    group: 'Families',
    defaultColumns: ['message', 'user', 'channel', 'delivery', 'readAt'],
    description: 'Who received each message, how, and whether they read it.',
  },
  access: { read: ownedByGuardian('user'), create: () => false, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'message', type: 'relationship', relationTo: 'messages', required: true, index: true },
    { name: 'user', label: 'Guardian', type: 'relationship', relationTo: 'users', required: true, index: true },
    // The children the message concerns ({ id, fullName }), copied when it was sent.
    { name: 'students', type: 'json' },
    { name: 'email', type: 'text' },
    {
      name: 'channel',
      type: 'select',
      required: true,
      options: [
        { label: 'Email and portal', value: 'email' },
        { label: 'Portal only', value: 'portal' },
      ],
    },
    { name: 'delivery', type: 'select', required: true, defaultValue: 'queued', options: DELIVERY_STATUSES.map((value) => ({ label: value, value })) },
    { name: 'smtpAnswer', label: 'SMTP answer', type: 'text' },
    { name: 'deliveredAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'readAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
  ],
  indexes: [{ fields: ['message', 'user'], unique: true }],
  timestamps: true,
}
