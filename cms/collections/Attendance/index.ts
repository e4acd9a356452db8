import type { CollectionConfig } from 'payload'

import { adminOnly } from '#cms/access/isAdmin'
import { ATTENDANCE_MESSAGES } from '#api/attendance/schemas'
import { ATTENDANCE_STATUSES } from '#shared/statuses'
import { validateDay } from '#cms/fields/dates'

/**
 * One mark per class, student and day (decisions §9). Teachers write through
 * PUT /api/teach/attendance (src/api/attendance/attendance.ts), which checks the class is
 * theirs and the student enrolled, then writes with overrideAccess; here only administrators.
 */
export const Attendance: CollectionConfig = {
  slug: 'attendance',
  labels: { singular: 'Attendance mark', plural: 'Attendance' },
  admin: {
    group: 'Classes',
    defaultColumns: ['date', 'class', 'student', 'status', 'markedBy'],
    description: 'Present, absent or late: one mark per class, student and day, taken by teachers at /teach.',
  },
  access: adminOnly,
  // The same mark twice is one row: PostgreSQL refuses a second (class, student, date).
  indexes: [{ fields: ['class', 'student', 'date'], unique: true }],
  fields: [
    { name: 'class', type: 'relationship', relationTo: 'classes', required: true, index: true },
    { name: 'student', type: 'relationship', relationTo: 'students', required: true, index: true },
    {
      name: 'date',
      type: 'text',
      required: true,
      index: true,
      admin: { description: 'The class day, YYYY-MM-DD.' },
      validate: validateDay(ATTENDANCE_MESSAGES.dateInvalid),
    },
    { name: 'status', type: 'select', required: true, options: ATTENDANCE_STATUSES.map((status) => ({ label: status, value: status })) },
    { name: 'markedBy', label: 'Marked by', type: 'relationship', relationTo: 'users', admin: { readOnly: true } },
    {
      // A family's report of an absence ahead of the class is a mark like a teacher's (one
      // source of truth for the roster); the teacher's own mark later replaces it (decisions §16).
      name: 'reportedBy',
      label: 'Reported by',
      type: 'select',
      required: true,
      defaultValue: 'teacher',
      options: [
        { label: 'Teacher', value: 'teacher' },
        { label: 'Family', value: 'family' },
      ],
    },
  ],
  timestamps: true,
}
