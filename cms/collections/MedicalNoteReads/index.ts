import type { CollectionConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'

/**
 * The audit of staff reads of a student's medical notes (issue 24): who, when, which student.
 * Written by the care slice only (overrideAccess); administrators read it, nobody edits it. The
 * names are copied so an entry still says who and whom after an account or student is removed.
 */
export const MedicalNoteReads: CollectionConfig = {
  slug: 'medical-note-reads',
  labels: { singular: 'Medical-note read', plural: 'Medical-note reads' },
  admin: {
    group: 'Families',
    defaultColumns: ['readAt', 'readerName', 'readerRole', 'studentName'],
    description: 'Every time a teacher or an administrator read a student’s medical notes.',
  },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'readAt', type: 'date', required: true, index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'reader', type: 'relationship', relationTo: 'users', index: true },
    { name: 'readerName', type: 'text', required: true },
    {
      name: 'readerRole',
      type: 'select',
      required: true,
      options: [
        { label: 'Administrator', value: 'admin' },
        { label: 'Teacher', value: 'teacher' },
      ],
    },
    { name: 'student', type: 'relationship', relationTo: 'students', index: true },
    { name: 'studentName', type: 'text', required: true },
  ],
  timestamps: true,
}
