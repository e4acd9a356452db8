import type { CollectionConfig } from 'payload'

import { adminOnly } from '#cms/access/isAdmin'
import { deleteAssessmentMarksOf } from '#cms/collections/AssessmentMarks/hooks/deleteAssessmentMarks'
import { validateDay } from '#cms/fields/dates'
import { ASSESSMENT_MESSAGES } from '#api/levels/assessment.schemas'
import { DEFAULT_SCALE } from '#shared/levels'

type Siblings = { siblingData?: Record<string, unknown> }

/** The last day, a real day not before the first: the contract's rule (assessmentWindowInputSchema) and messages. */
function closesOnOrAfterOpening(value: unknown, { siblingData }: Siblings): string | true {
  const day = validateDay(ASSESSMENT_MESSAGES.closesOnInvalid)(value)
  if (day !== true) return day
  const opensOn = siblingData?.opensOn
  return typeof opensOn === 'string' && (value as string) < opensOn ? ASSESSMENT_MESSAGES.closesBeforeOpens : true
}

/**
 * An assessment window (issue 27): "Spring assessment", its days, the classes assessed and the
 * scale the teachers score with. Only administrators read or write it here: teachers reach it
 * through /api/teach/assessments, families only a published report card (src/api/levels).
 */
export const AssessmentWindows: CollectionConfig = {
  slug: 'assessment-windows',
  labels: { singular: 'Assessment window', plural: 'Assessment windows' },
  admin: {
    group: 'Classes',
    useAsTitle: 'name',
    defaultColumns: ['name', 'opensOn', 'closesOn', 'publishedAt'],
    description: 'Teachers score the students of these classes between these days; families see the report cards once published.',
  },
  access: adminOnly,
  hooks: { beforeDelete: [deleteAssessmentMarksOf('window')] },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 120 },
    {
      type: 'row',
      fields: [
        { name: 'opensOn', type: 'text', required: true, validate: validateDay(ASSESSMENT_MESSAGES.opensOnInvalid), admin: { width: '50%' } },
        { name: 'closesOn', type: 'text', required: true, validate: closesOnOrAfterOpening, admin: { width: '50%' } },
      ],
    },
    { name: 'classes', type: 'relationship', relationTo: 'classes', hasMany: true, required: true },
    {
      name: 'scale',
      type: 'array',
      minRows: 2,
      maxRows: 10,
      defaultValue: DEFAULT_SCALE,
      admin: { description: 'The scores a teacher may give, lowest first, each with its name.' },
      fields: [
        { name: 'value', type: 'number', required: true },
        { name: 'label', type: 'text', required: true, maxLength: 40 },
      ],
    },
    {
      name: 'publishedAt',
      type: 'date',
      admin: { readOnly: true, description: 'Set by Publish in the review: only then do families see the report cards.' },
    },
  ],
  timestamps: true,
}
