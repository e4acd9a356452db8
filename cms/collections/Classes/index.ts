import type { CollectionConfig } from 'payload'

import { isValidAgeGroup } from '#api/schemas/classes'
import { anyone } from '#cms/access/anyone'
import { isAdmin } from '#cms/access/isAdmin'
import { isAdminField } from '#cms/access/isAdminField'
import { deleteAttendanceOf } from '#cms/collections/Attendance/hooks/deleteAttendance'
import { deleteEnrollmentsOf } from '#cms/collections/Enrollments/hooks/deleteEnrollments'
import { deleteMakeupsOf } from '#cms/collections/Makeups/hooks/deleteMakeups'
import { deleteWaitlistEntriesOf } from '#cms/collections/WaitlistEntries/hooks/deleteWaitlistEntries'
import { offerPlacesAfterClassChange } from '#cms/collections/WaitlistEntries/hooks/offerFreedPlaces'
import { invalidateClassesAfterChange, invalidateClassesAfterDelete } from './hooks/invalidateClasses'

export const Classes: CollectionConfig = {
  slug: 'classes',
  admin: {
    group: 'Classes',
    useAsTitle: 'name',
    defaultColumns: ['name', 'ageGroup', 'level', 'days', 'time', 'instructor', 'price', 'capacity'],
    listSearchableFields: ['name', 'instructor', 'location', 'level'],
    description: 'The class catalogue families choose from. The /admin console asks prices in dollars; here they are in cents.',
  },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: {
    // The waitlist goes first: the enrollments leaving with the class must not offer its places.
    beforeDelete: [deleteAttendanceOf('class'), deleteMakeupsOf('class'), deleteWaitlistEntriesOf('class'), deleteEnrollmentsOf('class')],
    afterChange: [invalidateClassesAfterChange, offerPlacesAfterClassChange],
    afterDelete: [invalidateClassesAfterDelete],
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 120 },
    { name: 'description', type: 'textarea', required: true },
    {
      name: 'ageGroup',
      type: 'text',
      required: true,
      index: true,
      admin: { description: 'A range such as 6-8 (inclusive) or an open group such as 18+.' },
      validate: (value: unknown) => (typeof value === 'string' && isValidAgeGroup(value) ? true : 'Age group must look like "6-8" or "18+"'),
    },
    { name: 'level', type: 'text', required: true, admin: { description: 'For example: Beginner, Intermediate, All Levels' } },
    { name: 'days', type: 'text', required: true, admin: { description: 'For example: Monday & Wednesday' } },
    { name: 'time', type: 'text', required: true, admin: { description: 'For example: 4:00-5:00pm' } },
    { name: 'location', type: 'text', required: true },
    { name: 'instructor', type: 'text', required: true },
    {
      // The account that takes attendance at /teach; `instructor` stays the name families read.
      name: 'teacher',
      type: 'relationship',
      relationTo: 'users',
      index: true,
      filterOptions: { isTeacher: { equals: true } },
      // Classes are readable by anyone through /cms-api: which accounts teach is not public.
      access: { read: isAdminField },
      admin: { description: 'Optional: the teacher account that sees this class at /teach.' },
    },
    {
      name: 'price',
      label: 'Monthly price (cents)',
      type: 'number',
      required: true,
      min: 1,
      admin: { description: 'Monthly price in cents (6500 = $65.00).', step: 1 },
      validate: (value: unknown) =>
        typeof value === 'number' && Number.isInteger(value) && value > 0 ? true : 'Price must be a positive whole number of cents',
    },
    {
      name: 'capacity',
      type: 'number',
      min: 1,
      admin: { description: 'Optional: the most students this class takes. Empty means no limit.', step: 1 },
    },
  ],
  timestamps: true,
}
