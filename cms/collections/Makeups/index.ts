import type { CollectionConfig } from 'payload'

import { adminOnly } from '#cms/access/isAdmin'
import { validateDay } from '#cms/fields/dates'

const dateField = (name: string, label: string, description: string) =>
  ({
    name,
    label,
    type: 'text',
    required: true,
    index: true,
    admin: { description },
    validate: validateDay('The date must be a real day written YYYY-MM-DD'),
  }) as const

/**
 * A makeup (decisions §16): a student who missed a class on a day attends another class of the
 * same age group on another day. Families book through POST /api/makeups
 * (src/api/self-service/self-service.ts), which checks the absence, the window and the free place
 * under the class's row lock, then writes with overrideAccess; here only administrators.
 */
export const Makeups: CollectionConfig = {
  slug: 'makeups',
  labels: { singular: 'Makeup', plural: 'Makeups' },
  admin: {
    group: 'Classes',
    defaultColumns: ['date', 'class', 'student', 'missedDate', 'missedClass'],
    description: 'A missed class made up in another class of the same age group; it takes a place in that class on that day.',
  },
  access: adminOnly,
  indexes: [
    // One makeup per absence (a student misses a class on a day once).
    { fields: ['student', 'missedClass', 'missedDate'], unique: true },
    // A student takes one place in a class on a day.
    { fields: ['class', 'student', 'date'], unique: true },
  ],
  fields: [
    { name: 'student', type: 'relationship', relationTo: 'students', required: true, index: true },
    { name: 'class', label: 'Makeup class', type: 'relationship', relationTo: 'classes', required: true, index: true },
    dateField('date', 'Makeup day', 'The day the student comes to the makeup class, YYYY-MM-DD.'),
    { name: 'missedClass', label: 'Missed class', type: 'relationship', relationTo: 'classes', required: true, index: true },
    dateField('missedDate', 'Missed day', 'The day of the missed class, YYYY-MM-DD.'),
    { name: 'bookedBy', label: 'Booked by', type: 'relationship', relationTo: 'users', admin: { readOnly: true } },
  ],
  timestamps: true,
}
