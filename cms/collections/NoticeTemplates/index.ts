import type { CollectionConfig, TextareaFieldValidation, TextFieldSingleValidation } from 'payload'

import { adminOnly } from '#cms/access/isAdmin'
import { NOTICE_KINDS, NOTICE_LABELS, NOTICE_PLACEHOLDERS, templateProblem, type NoticeKind } from '#api/notices/schemas'

type Siblings = { siblingData?: { kind?: unknown } }

/** A subject or body names only the placeholders of its kind (the error lists the ones it may use). */
const placeholdersOfKind = (value: unknown, { siblingData }: Siblings): true | string => {
  const kind = siblingData?.kind
  if (typeof kind !== 'string' || !(NOTICE_KINDS as readonly string[]).includes(kind)) return true
  return templateProblem(kind as NoticeKind, typeof value === 'string' ? value : '') ?? true
}

const help = NOTICE_KINDS.map((kind) => `${kind}: ${NOTICE_PLACEHOLDERS[kind].map((name) => `{${name}}`).join(' ')}`).join(' · ')

/**
 * The words of each automatic notice (issue 25, decisions "Automatic notices"): one row per kind,
 * a subject and a body with named placeholders in braces. The migration writes the defaults; a
 * kind without a row is sent with the defaults of src/api/notices/schemas.ts.
 */
export const NoticeTemplates: CollectionConfig = {
  slug: 'notice-templates',
  labels: { singular: 'Notice template', plural: 'Notice templates' },
  admin: {
    group: 'Families',
    useAsTitle: 'kind',
    defaultColumns: ['kind', 'subject', 'updatedAt'],
    description: `The automatic notices families receive in their inbox and by email. Placeholders in braces are filled in when a notice is sent. ${help}`,
  },
  access: adminOnly,
  fields: [
    {
      name: 'kind',
      type: 'select',
      required: true,
      unique: true,
      options: NOTICE_KINDS.map((value) => ({ label: NOTICE_LABELS[value], value })),
    },
    { name: 'subject', type: 'text', required: true, maxLength: 200, validate: placeholdersOfKind as TextFieldSingleValidation },
    { name: 'body', type: 'textarea', required: true, maxLength: 5000, validate: placeholdersOfKind as TextareaFieldValidation },
  ],
  timestamps: true,
}
