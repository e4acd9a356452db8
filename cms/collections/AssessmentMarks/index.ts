import type { CollectionConfig } from 'payload'

import { adminOnly } from '#cms/access/isAdmin'
import { RECOMMENDATION_LABELS, RECOMMENDATIONS } from '#shared/levels'

/**
 * One teacher's mark for one student in an assessment window (issue 27): a skill's score (`item`
 * is the skill's id in the level), the comment or the recommendation. One row per window,
 * student, teacher and item: a teacher's later mark replaces their earlier one, and two teachers
 * marking the same item keep a row each, with its time, until an administrator chooses one
 * (`chosen`). Teachers write through /api/teach/assessment-marks; only administrators here.
 */
export const AssessmentMarks: CollectionConfig = {
  slug: 'assessment-marks',
  labels: { singular: 'Assessment mark', plural: 'Assessment marks' },
  admin: {
    group: 'Classes',
    defaultColumns: ['window', 'student', 'item', 'score', 'teacher', 'markedAt', 'chosen'],
    description: 'Teachers’ scores, comments and recommendations; reviewed and published from the assessment review.',
  },
  access: adminOnly,
  indexes: [{ fields: ['window', 'student', 'teacher', 'item'], unique: true }],
  fields: [
    { name: 'window', type: 'relationship', relationTo: 'assessment-windows', required: true, index: true },
    { name: 'class', type: 'relationship', relationTo: 'classes', required: true },
    { name: 'student', type: 'relationship', relationTo: 'students', required: true, index: true },
    { name: 'teacher', type: 'relationship', relationTo: 'users', required: true },
    { name: 'level', type: 'relationship', relationTo: 'levels', admin: { description: 'The level assessed: the class’s, else the student’s placement.' } },
    { name: 'item', type: 'text', required: true, admin: { description: 'The skill’s id in the level, or comment, or recommendation.' } },
    { name: 'score', type: 'number' },
    { name: 'comment', type: 'textarea', maxLength: 2000 },
    { name: 'recommendation', type: 'select', options: RECOMMENDATIONS.map((value) => ({ label: RECOMMENDATION_LABELS[value], value })) },
    { name: 'recommendedLevel', type: 'relationship', relationTo: 'levels' },
    {
      name: 'markedAt',
      type: 'date',
      required: true,
      admin: { date: { pickerAppearance: 'dayAndTime' }, description: 'When the teacher marked it on the phone.' },
    },
    { name: 'chosen', type: 'checkbox', defaultValue: false, admin: { description: 'The administrator’s choice when two teachers marked the same item.' } },
  ],
  timestamps: true,
}
