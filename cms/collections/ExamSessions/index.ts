import type { CollectionConfig } from 'payload'

import { adminOnly } from '#cms/access/isAdmin'
import { deleteExamEntriesOf } from '#cms/collections/ExamEntries/hooks/deleteExamEntries'
import { validateDay } from '#cms/fields/dates'
import { centsField } from '#cms/fields/money'
import { EXAM_LIMITS, EXAM_MESSAGES } from '#api/exams/schemas'

type Siblings = { siblingData?: Record<string, unknown> }

/** Entries close on or before the exam day: the contract's rule (examSessionInputSchema) and message. */
function deadlineByTheExam(value: unknown, { siblingData }: Siblings): string | true {
  const day = validateDay(EXAM_MESSAGES.deadline)(value)
  if (day !== true) return day
  const examDay = siblingData?.date
  return typeof examDay === 'string' && (value as string) > examDay ? EXAM_MESSAGES.deadlineAfterExam : true
}

/**
 * An exam session (issue 27): a syllabus's graded exams on a day at a venue, the day entries
 * close and the fee of each grade. Administrators edit it here or through
 * POST /api/admin/exam-sessions; teachers and families reach it only through src/api/exams.
 */
export const ExamSessions: CollectionConfig = {
  slug: 'exam-sessions',
  labels: { singular: 'Exam session', plural: 'Exam sessions' },
  admin: {
    group: 'Classes',
    useAsTitle: 'syllabus',
    defaultColumns: ['syllabus', 'date', 'venue', 'entryDeadline'],
    description: 'Graded exams: teachers propose candidates until the entry deadline; families accept and pay the fee of the grade.',
  },
  access: adminOnly,
  // Its entries go with it (they name it, required).
  hooks: { beforeDelete: [deleteExamEntriesOf('session')] },
  fields: [
    { name: 'syllabus', type: 'text', required: true, maxLength: EXAM_LIMITS.maxText, admin: { description: 'For example RAD.' } },
    { name: 'venue', type: 'text', required: true, maxLength: EXAM_LIMITS.maxText },
    {
      type: 'row',
      fields: [
        { name: 'date', type: 'text', required: true, validate: validateDay(EXAM_MESSAGES.date), admin: { width: '50%' } },
        { name: 'entryDeadline', type: 'text', required: true, validate: deadlineByTheExam, admin: { width: '50%' } },
      ],
    },
    {
      name: 'fees',
      type: 'array',
      minRows: 1,
      maxRows: EXAM_LIMITS.maxFees,
      admin: { description: 'The fee of each grade offered, in cents (4500 = $45.00).' },
      fields: [
        { name: 'level', type: 'relationship', relationTo: 'levels', required: true },
        centsField({ name: 'feeCents', label: 'Fee ($)', required: true, min: 0, max: EXAM_LIMITS.maxFeeCents }),
      ],
    },
  ],
  timestamps: true,
}
