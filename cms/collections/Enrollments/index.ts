import type { CollectionConfig } from 'payload'

import { isAdmin } from '../../access/isAdmin'
import { isSignedIn } from '../../access/isSignedIn'
import { studentOwnedByUser } from '../../access/studentOwnedByUser'

export const Enrollments: CollectionConfig = {
  slug: 'enrollments',
  admin: {
    group: 'Classes',
    defaultColumns: ['student', 'class', 'enrollmentDate'],
  },
  access: {
    read: studentOwnedByUser,
    // The enrolment operation checks ownership, age group and capacity before creating.
    create: isSignedIn,
    update: isAdmin,
    delete: studentOwnedByUser,
  },
  // One enrolment per student and class, enforced by PostgreSQL itself.
  indexes: [{ fields: ['student', 'class'], unique: true }],
  fields: [
    { name: 'student', type: 'relationship', relationTo: 'students', required: true, index: true },
    { name: 'class', type: 'relationship', relationTo: 'classes', required: true, index: true },
    {
      name: 'enrollmentDate',
      type: 'date',
      required: true,
      defaultValue: () => new Date().toISOString(),
      admin: { date: { pickerAppearance: 'dayOnly' } },
    },
  ],
  timestamps: true,
}
