import type { CollectionConfig } from 'payload'

import { ownedByUser } from '#cms/access/ownedByUser'
import { SIGNATURE_KINDS } from '#shared/policies'

/**
 * The evidence of a signature (issue 26): who signed (the guardian's account), for which
 * student (none: once for the household), which version and its SHA-256, the typed name, the
 * choices, the time and the client address. Also a withdrawal and the consent to sign
 * electronically, each its own row. Created only by /api/policies (src/api/policies/signing.ts);
 * nobody edits or removes a row, administrators included: signing again is a new row.
 */
export const PolicySignatures: CollectionConfig = {
  slug: 'policy-signatures',
  labels: { singular: 'Policy signature', plural: 'Policy signatures' },
  admin: { group: 'Families', defaultColumns: ['signedAt', 'kind', 'documentTitle', 'studentName', 'fullName'] },
  access: { read: ownedByUser('household'), create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'kind', type: 'select', required: true, options: SIGNATURE_KINDS.map((value) => ({ value, label: value })) },
    // Not required: the evidence outlives a deleted account (the typed name and the copied titles stay).
    { name: 'user', label: 'Guardian', type: 'relationship', relationTo: 'users', index: true },
    // The household the guardian signed for (decisions §23): every guardian of it reads the signature.
    { name: 'household', type: 'relationship', relationTo: 'users', index: true },
    { name: 'student', type: 'relationship', relationTo: 'students', index: true },
    { name: 'document', type: 'relationship', relationTo: 'policy-documents', index: true },
    { name: 'version', type: 'relationship', relationTo: 'policy-versions', index: true },
    { name: 'versionNumber', type: 'number' },
    { name: 'sha256', type: 'text', required: true },
    { name: 'fullName', type: 'text', required: true },
    { name: 'choices', type: 'json' },
    { name: 'signedAt', type: 'date', required: true, index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'clientAddress', type: 'text', required: true },
    // Copied so the evidence still reads after a rename or removal.
    { name: 'documentTitle', type: 'text' },
    // A consent to sign electronically: the academy's exact words agreed to (their SHA-256 is `sha256`).
    { name: 'agreedText', label: 'Words agreed to', type: 'textarea' },
    { name: 'studentName', type: 'text' },
  ],
  timestamps: true,
}
