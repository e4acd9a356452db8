import type { CollectionConfig } from 'payload'

import { CLASS_SCHEDULE_LIMITS, CLASS_SCHEDULE_MESSAGES, endsAfterStart, isValidAgeGroup } from '#api/classes/schemas'
import { HHMM_PATTERN, WEEKDAYS } from '#shared/schedule'
import { anyone } from '#cms/access/anyone'
import { isAdmin } from '#cms/access/isAdmin'
import { isAdminField } from '#cms/access/isAdminField'
import { validateDay } from '#cms/fields/dates'
import { closuresField } from '#cms/fields/closures'
import { centsField } from '#cms/fields/money'
import { deleteAttendanceOf } from '#cms/collections/Attendance/hooks/deleteAttendance'
import { deleteAssessmentMarksOf } from '#cms/collections/AssessmentMarks/hooks/deleteAssessmentMarks'
import { deleteEnrollmentsOf } from '#cms/collections/Enrollments/hooks/deleteEnrollments'
import { deleteMakeupsOf } from '#cms/collections/Makeups/hooks/deleteMakeups'
import { deleteWaitlistEntriesOf } from '#cms/collections/WaitlistEntries/hooks/deleteWaitlistEntries'
import { offerPlacesAfterClassChange } from '#cms/collections/WaitlistEntries/hooks/offerFreedPlaces'
import { invalidateClassesAfterChange, invalidateClassesAfterDelete } from './hooks/invalidateClasses'
import { syncScheduleText } from './hooks/syncScheduleText'
import { noticeClassChanges } from './hooks/classNotices'

type Siblings = { siblingData?: Record<string, unknown> }
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
const termDay = validateDay(CLASS_SCHEDULE_MESSAGES.termDate, { optional: true })

export const Classes: CollectionConfig = {
  slug: 'classes',
  admin: {
    group: 'Classes',
    useAsTitle: 'name',
    defaultColumns: ['name', 'ageGroup', 'level', 'days', 'time', 'room', 'instructor', 'price', 'capacity'],
    listSearchableFields: ['name', 'instructor', 'location', 'level'],
    description:
      'The class catalogue families choose from. Prices are in dollars and cents, as in the /admin console (Classes), where classes are also added and edited.',
  },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: {
    beforeValidate: [syncScheduleText],
    // The waitlist goes first: the enrollments leaving with the class must not offer its places.
    beforeDelete: [
      deleteAssessmentMarksOf('class'),
      deleteAttendanceOf('class'),
      deleteMakeupsOf('class'),
      deleteWaitlistEntriesOf('class'),
      deleteEnrollmentsOf('class'),
    ],
    afterChange: [invalidateClassesAfterChange, offerPlacesAfterClassChange, noticeClassChanges],
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
    {
      // The syllabus level the class teaches (issue 27); `level` above stays the catalogue's free label.
      name: 'syllabusLevel',
      label: 'Syllabus level',
      type: 'relationship',
      relationTo: 'levels',
      index: true,
      admin: { description: 'Optional. When set, only students placed at this level may enroll (an administrator may still enroll anyone).' },
    },
    {
      // The season the class belongs to (issue 27, the next season): its registration days apply to it.
      name: 'season',
      type: 'relationship',
      relationTo: 'seasons',
      index: true,
      admin: { description: 'Optional. During its priority registration only returning dancers may enroll.' },
    },
    {
      name: 'weekdays',
      label: 'Days of the week',
      type: 'select',
      hasMany: true,
      options: WEEKDAYS.map((day) => ({ label: day, value: day })),
      validate: (value: unknown, { siblingData }: Siblings) =>
        (Array.isArray(value) && value.length > 0) || text(siblingData?.days) ? true : CLASS_SCHEDULE_MESSAGES.weekdays,
    },
    {
      type: 'row',
      fields: [
        {
          name: 'startTime',
          type: 'text',
          admin: { description: '24-hour HH:MM, for example 16:00', width: '50%' },
          validate: (value: unknown, { siblingData }: Siblings) => {
            const start = text(value)
            if (start && !HHMM_PATTERN.test(start)) return CLASS_SCHEDULE_MESSAGES.startTime
            if (!start && text(siblingData?.endTime)) return CLASS_SCHEDULE_MESSAGES.timesTogether
            return true
          },
        },
        {
          name: 'endTime',
          type: 'text',
          admin: { description: '24-hour HH:MM, after the start', width: '50%' },
          validate: (value: unknown, { siblingData }: Siblings) => {
            const end = text(value)
            const start = text(siblingData?.startTime)
            if (end && !HHMM_PATTERN.test(end)) return CLASS_SCHEDULE_MESSAGES.endTime
            if (!end && start) return CLASS_SCHEDULE_MESSAGES.timesTogether
            if (end && start && HHMM_PATTERN.test(start) && !endsAfterStart(start, end)) return CLASS_SCHEDULE_MESSAGES.endAfterStart
            return true
          },
        },
      ],
    },
    {
      // Display text (spec §3), written from `weekdays` by the syncScheduleText hook (decisions §14).
      name: 'days',
      type: 'text',
      required: true,
      admin: { readOnly: true, description: 'Written from the days of the week, for example: Monday & Wednesday' },
    },
    {
      name: 'time',
      type: 'text',
      required: true,
      admin: { readOnly: true, description: 'Written from the start and end time, for example: 4:00-5:00pm' },
    },
    { name: 'room', type: 'text', maxLength: CLASS_SCHEDULE_LIMITS.maxRoom, admin: { description: 'Optional: the studio room, for example Studio B' } },
    {
      type: 'row',
      fields: [
        {
          name: 'termStart',
          type: 'text',
          admin: { description: 'Optional: first day of the term, YYYY-MM-DD', width: '50%' },
          validate: termDay,
        },
        {
          name: 'termEnd',
          type: 'text',
          admin: { description: 'Optional: last day of the term, YYYY-MM-DD', width: '50%' },
          validate: (value: unknown, { siblingData }: Siblings) => {
            const day = termDay(value)
            if (day !== true) return day
            const [end, start] = [text(value), text(siblingData?.termStart)]
            return end && start && end < start ? CLASS_SCHEDULE_MESSAGES.termOrder : true
          },
        },
      ],
    },
    closuresField({
      description: "Days this class does not meet (on top of the academy's closures in the tuition settings), each a first and last day.",
      messages: { list: CLASS_SCHEDULE_MESSAGES.closures, date: CLASS_SCHEDULE_MESSAGES.closureDate, twice: CLASS_SCHEDULE_MESSAGES.closureTwice },
    }),
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
    centsField({
      name: 'price',
      label: 'Monthly price ($)',
      required: true,
      min: 1,
      admin: { description: 'In dollars and cents (65.00).' },
      validate: (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? true : 'Price must be more than $0.00'),
    }),
    {
      name: 'capacity',
      type: 'number',
      min: 1,
      admin: { description: 'Optional: the most students this class takes. Empty means no limit.', step: 1 },
    },
  ],
  timestamps: true,
}
