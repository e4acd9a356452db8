import type { CollectionConfig, NumberFieldValidation } from 'payload'
import { number as payloadNumber } from 'payload/shared'

import { anyone } from '#cms/access/anyone'
import { isAdmin } from '#cms/access/isAdmin'
import { SKILL_SECTION_LABELS, SKILL_SECTIONS } from '#shared/levels'
import { LEVEL_MESSAGES } from '#api/levels/schemas'

/** Payload's own check (a number from 2 to 99), then the range's order: from 8 to 6 is no range. */
const agesInOrder: NumberFieldValidation = (value, options) => {
  const checked = payloadNumber(value, options)
  if (checked !== true) return checked
  const from = (options.siblingData as Record<string, unknown> | undefined)?.typicalAgeMin
  return typeof value === 'number' && typeof from === 'number' && value < from ? LEVEL_MESSAGES.typicalAgesOrder : true
}

/**
 * The syllabus levels (issue 27): Pre-Primary, Primary, Grade 1 … Advanced, in `order`, each with
 * its typical ages and the skills a teacher assesses, grouped by section. Administrators edit them
 * here; a class may teach one level (`syllabusLevel`) and a student is placed at one
 * (`currentLevel`). Everyone may read them: the portal says which level a class is for.
 */
export const Levels: CollectionConfig = {
  slug: 'levels',
  admin: {
    group: 'Classes',
    useAsTitle: 'name',
    defaultColumns: ['name', 'order', 'typicalAgeMin', 'typicalAgeMax'],
    description: 'The syllabus levels: a class may teach one, and each student is placed at one (set on the student).',
  },
  defaultSort: 'order',
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'name', type: 'text', required: true, unique: true, maxLength: 80 },
    { name: 'order', type: 'number', required: true, index: true, admin: { description: 'Lower comes first: Pre-Primary 0, Primary 1, Grade 1 2 …' } },
    {
      type: 'row',
      fields: [
        { name: 'typicalAgeMin', label: 'Typical age from', type: 'number', min: 2, max: 99, admin: { width: '50%' } },
        {
          name: 'typicalAgeMax',
          label: 'Typical age to',
          type: 'number',
          min: 2,
          max: 99,
          validate: agesInOrder,
          admin: { width: '50%', description: 'Empty: no upper age.' },
        },
      ],
    },
    {
      name: 'skills',
      type: 'array',
      admin: { description: 'What a teacher scores at an assessment, grouped by section.' },
      fields: [
        {
          name: 'section',
          type: 'select',
          required: true,
          options: SKILL_SECTIONS.map((value) => ({ label: SKILL_SECTION_LABELS[value], value })),
        },
        { name: 'skill', type: 'text', required: true, maxLength: 160 },
      ],
    },
  ],
  timestamps: true,
}
