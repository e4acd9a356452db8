import type { CollectionConfig } from 'payload'

import { INQUIRY_SUBJECTS } from '../../../src/api/schemas/inquiries'
import { isAdmin } from '../../access/isAdmin'

export const Inquiries: CollectionConfig = {
  slug: 'inquiries',
  admin: {
    group: 'Inquiries',
    useAsTitle: 'subject',
    defaultColumns: ['name', 'email', 'subject', 'submittedAt', 'isAddressed'],
  },
  // Visitors submit through the contract's rate-limited endpoint, never through Payload's REST.
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 120 },
    { name: 'email', type: 'email', required: true },
    { name: 'subject', type: 'select', required: true, options: INQUIRY_SUBJECTS.map((s) => ({ label: s, value: s })) },
    { name: 'message', type: 'textarea', required: true },
    { name: 'submittedAt', type: 'date', required: true, defaultValue: () => new Date().toISOString(), index: true },
    { name: 'isAddressed', type: 'checkbox', defaultValue: false, index: true },
    { name: 'addressedAt', type: 'date' },
    { name: 'addressedBy', type: 'relationship', relationTo: 'users' },
  ],
}
