import type { CollectionConfig } from 'payload'

import { academyToday } from '#api/lib/academy-clock'
import { isAdmin } from '#cms/access/isAdmin'
import { studentOwnedByUser } from '#cms/access/studentOwnedByUser'
import { validateDateDay } from '#cms/fields/dates'
import { invalidateClassesAfterChange, invalidateClassesAfterDelete } from '#cms/collections/Classes/hooks/invalidateClasses'
import { offerPlacesAfterEnrollmentChange, offerPlacesAfterEnrollmentDelete } from '#cms/collections/WaitlistEntries/hooks/offerFreedPlaces'

/** The enrollment date beside the field being validated (Payload types a date field's sibling data as unknown). */
function enrollmentDateOf(siblingData: unknown): string | Date | null {
  if (typeof siblingData !== 'object' || siblingData === null || !('enrollmentDate' in siblingData)) return null
  const value = siblingData.enrollmentDate
  return typeof value === 'string' || value instanceof Date ? value : null
}

export const Enrollments: CollectionConfig = {
  slug: 'enrollments',
  labels: { singular: 'Enrollment', plural: 'Enrollments' },
  admin: {
    group: 'Families',
    defaultColumns: ['student', 'class', 'enrollmentDate'],
    description: 'Which student attends which class. A student is in a class at most once.',
  },
  access: {
    read: studentOwnedByUser,
    // Families enroll only through POST /api/enrollments (src/api/enrollment/enrollments.ts), which
    // checks ownership, age group and capacity and then creates with overrideAccess; they remove
    // one through DELETE /api/enrollments/{id}, which takes the class's lock first.
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  // The cached class list carries each class's enrollment count ("Full" in the UI); a place that
  // frees (a drop, an end date) is offered to the class's waitlist in the same transaction.
  hooks: {
    afterChange: [invalidateClassesAfterChange, offerPlacesAfterEnrollmentChange],
    afterDelete: [invalidateClassesAfterDelete, offerPlacesAfterEnrollmentDelete],
  },
  // One enrollment per student and class, enforced by PostgreSQL itself.
  indexes: [{ fields: ['student', 'class'], unique: true }],
  fields: [
    { name: 'student', type: 'relationship', relationTo: 'students', required: true, index: true },
    { name: 'class', type: 'relationship', relationTo: 'classes', required: true, index: true },
    // Which guardian enrolled (decisions §23): the household's, or an administrator at the desk; empty for older rows.
    { name: 'enrolledBy', label: 'Enrolled by', type: 'relationship', relationTo: 'users', admin: { readOnly: true } },
    {
      // Split billing (decisions §34): this class of the student is billed to one full guardian of the household, over the student's own choice.
      name: 'billedTo',
      label: 'Billed to',
      type: 'relationship',
      relationTo: 'users',
      admin: { readOnly: true, description: 'Split billing: the guardian this class is billed to (set by the household). Empty: as the student.' },
    },
    {
      // Split billing (decisions §38): a guardian another guardian named, until they accept or decline; `billedTo` is unchanged meanwhile.
      name: 'billedToPending',
      label: 'Billed to, waiting for acceptance',
      type: 'relationship',
      relationTo: 'users',
      admin: { readOnly: true, description: 'Split billing: the guardian asked to be billed for this class, who has not accepted yet.' },
    },
    {
      name: 'enrollmentDate',
      label: 'Enrolled on',
      type: 'date',
      required: true,
      // The academy's day (ACADEMY_TIMEZONE), not the server's UTC day.
      defaultValue: () => academyToday(),
      admin: { date: { pickerAppearance: 'dayOnly' } },
      validate: validateDateDay,
    },
    {
      name: 'endDate',
      label: 'Last day',
      type: 'date',
      admin: { date: { pickerAppearance: 'dayOnly' }, description: 'The last day attended, when the student leaves the class; tuition is prorated to it.' },
      validate: (value, options) => {
        const day = validateDateDay(value, options)
        const enrolled = enrollmentDateOf(options.siblingData)
        if (day !== true || !value || !enrolled) return day
        return new Date(value).getTime() >= new Date(enrolled).getTime() ? true : 'The last day cannot be before the enrollment date'
      },
    },
  ],
  timestamps: true,
}
