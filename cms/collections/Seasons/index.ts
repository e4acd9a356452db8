import type { CollectionConfig } from 'payload'

import { SEASON_MESSAGES, seasonOrderProblem } from '#api/seasons/schemas'
import { anyone } from '#cms/access/anyone'
import { isAdmin } from '#cms/access/isAdmin'
import { validateDay } from '#cms/fields/dates'
import { invalidateClassesAfterChange, invalidateClassesAfterDelete } from '#cms/collections/Classes/hooks/invalidateClasses'

type Siblings = { siblingData?: Record<string, unknown> }
const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The order of the four days, checked on the last field so /cms shows it once (decisions "the next season"). */
function inOrder(value: unknown, { siblingData }: Siblings): string | true {
  const day = validateDay(SEASON_MESSAGES.openOpens)(value)
  if (day !== true) return day
  const problem = seasonOrderProblem({
    firstDay: text(siblingData?.firstDay),
    lastDay: text(siblingData?.lastDay),
    priorityOpens: text(siblingData?.priorityOpens),
    openOpens: text(value),
  })
  return problem ?? true
}

/**
 * A season of classes (issue 27, the next season): its first and last day, and the days
 * registration opens to returning dancers (priority) and to everyone. A class belongs to at most
 * one season (`season` on the class). `rolledFrom` is the season it was copied from by the
 * rollover: one copy per season, the unique index refuses a second.
 */
export const Seasons: CollectionConfig = {
  slug: 'seasons',
  admin: {
    group: 'Classes',
    useAsTitle: 'name',
    defaultColumns: ['name', 'firstDay', 'lastDay', 'priorityOpens', 'openOpens'],
    description: 'Seasons of classes and their registration days. Create the next season from the console (Classes) by rolling one over, then edit here.',
  },
  defaultSort: '-firstDay',
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  // The catalogue names each class's season and its registration days (issue 41).
  hooks: { afterChange: [invalidateClassesAfterChange], afterDelete: [invalidateClassesAfterDelete] },
  fields: [
    { name: 'name', type: 'text', required: true, unique: true, maxLength: 60, admin: { description: 'For example 2027–28' } },
    {
      type: 'row',
      fields: [
        {
          name: 'firstDay',
          type: 'text',
          required: true,
          index: true,
          validate: validateDay(SEASON_MESSAGES.firstDay),
          admin: { width: '50%', description: 'YYYY-MM-DD' },
        },
        { name: 'lastDay', type: 'text', required: true, validate: validateDay(SEASON_MESSAGES.lastDay), admin: { width: '50%', description: 'YYYY-MM-DD' } },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'priorityOpens',
          label: 'Priority registration opens',
          type: 'text',
          required: true,
          validate: validateDay(SEASON_MESSAGES.priorityOpens),
          admin: { width: '50%', description: 'From this day returning dancers may enroll (YYYY-MM-DD)' },
        },
        {
          name: 'openOpens',
          label: 'Open registration opens',
          type: 'text',
          required: true,
          validate: inOrder,
          admin: { width: '50%', description: 'From this day everyone may enroll (YYYY-MM-DD)' },
        },
      ],
    },
    {
      name: 'rolledFrom',
      label: 'Rolled over from',
      type: 'relationship',
      relationTo: 'seasons',
      unique: true,
      admin: { readOnly: true, description: 'The season this one was created from, if any.' },
    },
  ],
  timestamps: true,
}
