import type { CollectionConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'
import { studentInHousehold } from '#cms/access/studentInHousehold'
import { auditStaffMedicalNoteRead } from './hooks/auditMedicalNoteRead'
import { mirrorPrimaryContactToStudent } from './hooks/mirrorPrimaryContact'

const person = [
  { name: 'name', type: 'text', required: true, maxLength: 120 },
  { name: 'relationship', type: 'text', maxLength: 60 },
  { name: 'phone', type: 'text', required: true, maxLength: 40 },
] as const

/**
 * What the teacher must know about a child (issue 24): one row per student. Families write it
 * through PUT /api/students/:id/care (src/api/care), which also decides who may read it (the
 * family, administrators, the teachers of the child's classes) and records staff reads of the
 * medical notes. Here, administrators only, and their reads of the notes are recorded too (the
 * afterRead hook: REST at /cms-api and the admin panel alike); the first emergency contact is mirrored to the
 * student's own `emergencyContact` (the one the /api/students contract shows).
 */
export const CareInformation: CollectionConfig = {
  slug: 'care-information',
  labels: { singular: 'Care information', plural: 'Care information' },
  admin: {
    group: 'Families',
    defaultColumns: ['student', 'allergies', 'mayBePhotographed', 'updatedAt'],
    description: 'Emergency contacts, allergies, medical notes, doctor and photo choice of each student.',
  },
  access: { read: studentInHousehold, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: { afterChange: [mirrorPrimaryContactToStudent], afterRead: [auditStaffMedicalNoteRead] },
  fields: [
    { name: 'student', type: 'relationship', relationTo: 'students', required: true, unique: true, index: true },
    { name: 'emergencyContacts', type: 'array', maxRows: 5, fields: [...person] },
    { name: 'allergies', type: 'textarea', maxLength: 1000 },
    { name: 'medicalNotes', type: 'textarea', maxLength: 2000, admin: { description: 'Every read by staff is recorded, here as on the academy’s pages.' } },
    {
      name: 'doctor',
      type: 'group',
      fields: [
        { name: 'name', type: 'text', maxLength: 120 },
        { name: 'phone', type: 'text', maxLength: 40 },
      ],
    },
    {
      name: 'mayBePhotographed',
      label: 'May be photographed',
      type: 'select',
      options: [
        { label: 'Yes', value: 'yes' },
        { label: 'No', value: 'no' },
      ],
      admin: { description: 'Empty: the family has not answered yet (treat as no).' },
    },
  ],
  timestamps: true,
}
