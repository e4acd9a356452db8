import type { CollectionBeforeChangeHook, CollectionConfig } from 'payload'

import type { Student } from '#cms/payload-types'
import { EXPERIENCE_LEVELS } from '#api/classes/schemas'
import { dateOfBirthSchema } from '#api/students/schemas'
import { isAdmin } from '#cms/access/isAdmin'
import { validateDateDayWith } from '#cms/fields/dates'
import { ownedByUser } from '#cms/access/ownedByUser'
import { deleteAttendanceOf } from '#cms/collections/Attendance/hooks/deleteAttendance'
import { deleteAssessmentMarksOf } from '#cms/collections/AssessmentMarks/hooks/deleteAssessmentMarks'
import { deleteEnrollmentsOf } from '#cms/collections/Enrollments/hooks/deleteEnrollments'
import { deleteExamEntriesOf } from '#cms/collections/ExamEntries/hooks/deleteExamEntries'
import { deleteMakeupsOf } from '#cms/collections/Makeups/hooks/deleteMakeups'
import { deleteWaitlistEntriesOf } from '#cms/collections/WaitlistEntries/hooks/deleteWaitlistEntries'
import { householdOf } from '#api/lib/ownership'
import { isAdminUser } from '#shared/roles'
import { deleteCare, mirrorEmergencyContact } from './hooks/care'

/** A family always creates students for its own household; only an administrator may choose the owner. */
const assignOwner: CollectionBeforeChangeHook<Student> = ({ data, operation, originalDoc, req }) => {
  if (operation === 'create' && req.user && (!isAdminUser(req.user) || !data.user)) data.user = householdOf(req.user)
  // Keeps the stored owner (the data here is the whole document, so removing it would empty a required field).
  if (operation === 'update' && req.user && !isAdminUser(req.user)) data.user = originalDoc?.user
  return data
}

export const Students: CollectionConfig = {
  slug: 'students',
  admin: {
    group: 'Families',
    useAsTitle: 'fullName',
    defaultColumns: ['fullName', 'dateOfBirth', 'experienceLevel', 'user'],
    listSearchableFields: ['fullName'],
    description: 'The dancers: children, or adults who take classes themselves. Each belongs to one family account.',
  },
  // Families read their own; they add, edit and remove students through the contract
  // (/api/students), whose rules (dates, names, the owner) Payload's generic REST would skip.
  access: {
    read: ownedByUser('user'),
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  hooks: {
    beforeChange: [assignOwner],
    afterChange: [mirrorEmergencyContact],
    beforeDelete: [
      deleteCare,
      deleteAssessmentMarksOf('student'),
      deleteExamEntriesOf('student'),
      deleteAttendanceOf('student'),
      deleteMakeupsOf('student'),
      deleteWaitlistEntriesOf('student'),
      deleteEnrollmentsOf('student'),
    ],
  },
  fields: [
    { name: 'user', label: 'Account', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'fullName', type: 'text', required: true, maxLength: 120 },
    {
      // Split billing (decisions §34): the full guardian of the household this child's classes are billed to; empty: the payer.
      name: 'billedTo',
      label: 'Billed to',
      type: 'relationship',
      relationTo: 'users',
      admin: { readOnly: true, description: 'Split billing: the guardian this child is billed to (set by the household). Empty: the payer.' },
    },
    {
      // Split billing (decisions §38): a guardian another guardian named, until they accept or decline; `billedTo` is unchanged meanwhile.
      name: 'billedToPending',
      label: 'Billed to, waiting for acceptance',
      type: 'relationship',
      relationTo: 'users',
      admin: { readOnly: true, description: 'Split billing: the guardian asked to be billed for this child, who has not accepted yet.' },
    },
    {
      // The contract's rule wherever the day is written (/cms, Payload REST, seeds): a real day, not ahead, within 100 years.
      name: 'dateOfBirth',
      type: 'date',
      required: true,
      validate: validateDateDayWith(dateOfBirthSchema),
      admin: { date: { pickerAppearance: 'dayOnly' } },
    },
    {
      name: 'experienceLevel',
      type: 'select',
      required: true,
      defaultValue: 'Beginner',
      options: EXPERIENCE_LEVELS.map((level) => ({ label: level, value: level })),
    },
    {
      // The syllabus level the student is placed at (issue 27): set by an administrator, here or through PATCH /api/admin/students/:id/level.
      name: 'currentLevel',
      label: 'Current level',
      type: 'relationship',
      relationTo: 'levels',
      index: true,
      admin: { description: 'The level the student is placed at: decides which levelled classes they may take.' },
    },
    {
      // Shown to the student's teacher on the roster at /teach (decisions §9); the care information's first contact (issue 24).
      name: 'emergencyContact',
      type: 'group',
      admin: { description: 'The first emergency contact of the care information (kept in step with it both ways).' },
      fields: [
        { name: 'name', type: 'text', maxLength: 120 },
        { name: 'phone', type: 'text', maxLength: 40 },
      ],
    },
  ],
  timestamps: true,
}
