import type { CollectionConfig } from 'payload'
import { lexicalEditor } from '@payloadcms/richtext-lexical'

import { adminOnly } from '#cms/access/isAdmin'
import { publishPolicyVersion } from '#api/policies'
import { POLICY_MESSAGES } from '#api/policies/schemas'
import { validateDay } from '#cms/fields/dates'
import { parseAgeGroup } from '#shared/eligibility'
import { POLICY_APPLIES_TO, POLICY_KINDS } from '#shared/policies'

const labelled = (values: readonly string[], labels: Record<string, string>) => values.map((value) => ({ value, label: labels[value] ?? value }))

/**
 * A policy the academy asks families to sign (issue 26): a waiver, a photo release, the tuition
 * and refund policy… Administrators write it here; every save whose words changed publishes a new
 * version (cms/collections/PolicyVersions, kept word for word), and families sign a version
 * through /api/policies (src/api/policies). Required documents gate enrolling.
 */
export const PolicyDocuments: CollectionConfig = {
  slug: 'policy-documents',
  labels: { singular: 'Policy document', plural: 'Policy documents' },
  admin: {
    group: 'Families',
    useAsTitle: 'title',
    defaultColumns: ['title', 'kind', 'required', 'appliesTo', 'currentVersionNumber'],
    description: 'Waivers, photo release, tuition and refund policy… Saving a change to the words publishes a new version.',
  },
  access: adminOnly,
  hooks: { afterChange: [publishPolicyVersion] },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 160 },
    {
      name: 'kind',
      type: 'select',
      required: true,
      defaultValue: 'waiver',
      options: labelled(POLICY_KINDS, {
        waiver: 'Waiver',
        'photo-release': 'Photo release',
        'tuition-and-refund': 'Tuition and refund policy',
        'code-of-conduct': 'Code of conduct',
        other: 'Other',
      }),
    },
    { name: 'required', type: 'checkbox', defaultValue: false, admin: { description: 'Required: a student cannot be enrolled until it is signed.' } },
    {
      name: 'appliesTo',
      type: 'select',
      required: true,
      defaultValue: 'every-student',
      options: labelled(POLICY_APPLIES_TO, {
        'every-student': 'Every student',
        classes: 'Students of some classes',
        'age-groups': 'Students of some age groups',
        household: 'Guardians, once per household',
      }),
    },
    { name: 'classes', type: 'relationship', relationTo: 'classes', hasMany: true, admin: { condition: (data) => data?.appliesTo === 'classes' } },
    {
      name: 'ageGroups',
      type: 'text',
      hasMany: true,
      admin: { condition: (data) => data?.appliesTo === 'age-groups', description: 'For example 6-8 or 13-17 or 18+' },
      // The contract's age group (decisions §4): `8-6` is no range, and would match nobody.
      validate: (value: unknown) =>
        value == null || (Array.isArray(value) && value.every((group) => parseAgeGroup(String(group)) !== null)) || POLICY_MESSAGES.ageGroupsInvalid,
    },
    {
      name: 'options',
      type: 'array',
      maxRows: 6,
      admin: { description: 'Choices the family makes when signing (a photo release: "May be photographed", "Not on social media", "Never").' },
      fields: [{ name: 'label', type: 'text', required: true, maxLength: 80 }],
    },
    { name: 'body', type: 'richText', required: true, editor: lexicalEditor() },
    {
      name: 'changeNeedsSignature',
      label: 'A change of the words needs a new signature',
      type: 'checkbox',
      defaultValue: true,
      admin: { description: 'Unticked: families who signed an older version stay signed.' },
    },
    {
      name: 'resignBy',
      label: 'Re-sign by',
      type: 'text',
      admin: { description: 'Optional, YYYY-MM-DD: until this day a signature of the older version still lets a student enroll.' },
      // A real day in the contract's years (2027-13-45 would silently never come).
      validate: validateDay(POLICY_MESSAGES.resignByInvalid, { optional: true }),
    },
    { name: 'currentVersion', type: 'relationship', relationTo: 'policy-versions', admin: { readOnly: true, position: 'sidebar' } },
    { name: 'currentVersionNumber', type: 'number', admin: { readOnly: true, position: 'sidebar' } },
  ],
  timestamps: true,
}
