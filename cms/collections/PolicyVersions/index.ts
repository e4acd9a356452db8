import type { CollectionConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'
import { validateDay } from '#cms/fields/dates'
import { POLICY_MESSAGES } from '#api/policies/schemas'

/**
 * One published version of a policy document (issue 26), word for word: the exact plain text a
 * family read and signed, and its SHA-256. Written only by the publishing hook of
 * PolicyDocuments (src/api/policies/versions.ts); nobody edits or removes it.
 */
export const PolicyVersions: CollectionConfig = {
  slug: 'policy-versions',
  labels: { singular: 'Policy version', plural: 'Policy versions' },
  admin: { group: 'Families', useAsTitle: 'title', defaultColumns: ['title', 'number', 'requiresResignature', 'publishedAt'] },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  indexes: [{ fields: ['document', 'number'], unique: true }],
  fields: [
    // Not required: a version outlives its document (the title and the words are its own).
    { name: 'document', type: 'relationship', relationTo: 'policy-documents', index: true },
    { name: 'number', type: 'number', required: true },
    { name: 'title', type: 'text', required: true },
    { name: 'text', type: 'textarea', required: true },
    { name: 'sha256', type: 'text', required: true },
    { name: 'requiresResignature', type: 'checkbox', defaultValue: true },
    { name: 'resignBy', type: 'text', validate: validateDay(POLICY_MESSAGES.resignByInvalid, { optional: true }) },
    { name: 'publishedAt', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
  ],
  timestamps: true,
}
