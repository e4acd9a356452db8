import type { CollectionConfig } from 'payload'

import { academyToday } from '#api/lib/academy-clock'
import { isAdmin } from '#cms/access/isAdmin'
import { studentOwnedByUser } from '#cms/access/studentOwnedByUser'
import { invalidateClassesAfterChange, invalidateClassesAfterDelete } from '#cms/collections/Classes/hooks/invalidateClasses'
import { offerPlacesAfterEnrollmentChange, offerPlacesAfterEnrollmentDelete } from '#cms/collections/WaitlistEntries/hooks/offerFreedPlaces'

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
    {
      name: 'enrollmentDate',
      label: 'Enrolled on',
      type: 'date',
      required: true,
      // The academy's day (ACADEMY_TIMEZONE), not the server's UTC day.
      defaultValue: () => academyToday(),
      admin: { date: { pickerAppearance: 'dayOnly' } },
    },
    {
      name: 'endDate',
      label: 'Last day',
      type: 'date',
      admin: { date: { pickerAppearance: 'dayOnly' }, description: 'The last day attended, when the student leaves the class; tuition is prorated to it.' },
      validate: (value: unknown, { siblingData }: { siblingData: Partial<{ enrollmentDate: string | null }> }) => {
        if (!value || !siblingData.enrollmentDate) return true
        return new Date(value as string).getTime() >= new Date(siblingData.enrollmentDate).getTime()
          ? true
          : 'The last day cannot be before the enrollment date'
      },
    },
  ],
  timestamps: true,
}
