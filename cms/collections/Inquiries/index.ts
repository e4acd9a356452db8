import type { CollectionConfig } from 'payload'

import { INQUIRY_SUBJECTS } from '#api/inquiries/schemas'
import { academyNow } from '#api/lib/academy-clock'
import { adminOnly } from '#cms/access/isAdmin'

export const Inquiries: CollectionConfig = {
  slug: 'inquiries',
  admin: {
    group: 'Inquiries',
    useAsTitle: 'subject',
    defaultColumns: ['name', 'email', 'subject', 'submittedAt', 'isAddressed'],
    listSearchableFields: ['name', 'email', 'message'],
    description: 'Messages from the contact form. Mark one addressed once you have answered it.',
  },
  // Visitors submit through the contract's rate-limited endpoint, never through Payload's REST.
  access: adminOnly,
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 120 },
    { name: 'email', type: 'email', required: true },
    { name: 'subject', type: 'select', required: true, options: INQUIRY_SUBJECTS.map((s) => ({ label: s, value: s })) },
    { name: 'message', type: 'textarea', required: true },
    // A family's reply to a message from the portal (issue 25): the message it answers and who sent it.
    { name: 'aboutMessage', label: 'Reply to message', type: 'relationship', relationTo: 'messages', index: true, admin: { readOnly: true } },
    { name: 'fromAccount', label: 'From account', type: 'relationship', relationTo: 'users', admin: { readOnly: true } },
    {
      name: 'submittedAt',
      label: 'Submitted',
      type: 'date',
      required: true,
      defaultValue: () => academyNow().toISOString(),
      index: true,
      admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    { name: 'isAddressed', label: 'Addressed', type: 'checkbox', defaultValue: false, index: true, admin: { position: 'sidebar' } },
    { name: 'addressedAt', label: 'Addressed on', type: 'date', admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'addressedBy', label: 'Addressed by', type: 'relationship', relationTo: 'users', admin: { readOnly: true, position: 'sidebar' } },
  ],
}
