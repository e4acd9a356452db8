import type { CollectionConfig } from 'payload'

import { adminOnly } from '#cms/access/isAdmin'
import { EXAM_ENTRY_STATUSES, EXAM_GRADE_LABELS, EXAM_GRADES } from '#shared/statuses'

/**
 * A student entered for an exam session (issue 27): proposed by a teacher, confirmed by an
 * administrator, accepted by the household, billed once (`invoiceId`), then graded. Only
 * administrators read it here; teachers and families through src/api/exams.
 */
export const ExamEntries: CollectionConfig = {
  slug: 'exam-entries',
  labels: { singular: 'Exam entry', plural: 'Exam entries' },
  admin: {
    group: 'Classes',
    defaultColumns: ['id', 'student', 'session', 'level', 'status', 'grade'],
    description: 'Candidates for graded exams. The fee is billed once, when the family has accepted.',
  },
  access: adminOnly,
  indexes: [{ fields: ['student', 'session'], unique: true }],
  fields: [
    { name: 'session', type: 'relationship', relationTo: 'exam-sessions', required: true, index: true },
    { name: 'student', type: 'relationship', relationTo: 'students', required: true, index: true },
    { name: 'level', type: 'relationship', relationTo: 'levels', required: true },
    { name: 'household', type: 'relationship', relationTo: 'users', required: true, index: true, admin: { description: 'The household billed.' } },
    { name: 'proposedBy', type: 'relationship', relationTo: 'users' },
    { name: 'status', type: 'select', required: true, defaultValue: 'proposed', options: EXAM_ENTRY_STATUSES.map((s) => ({ label: s, value: s })) },
    { name: 'feeCents', type: 'number', required: true, min: 0 },
    { name: 'invoiceId', type: 'number', index: true, admin: { description: 'The invoice that billed the fee.' } },
    { name: 'mark', type: 'number', min: 0, max: 100 },
    { name: 'grade', type: 'select', options: EXAM_GRADES.map((g) => ({ label: EXAM_GRADE_LABELS[g], value: g })) },
  ],
  timestamps: true,
}
