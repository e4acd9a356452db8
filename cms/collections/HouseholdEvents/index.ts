import type { CollectionConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'

/**
 * The audit of a household's guardians (decisions §23): invitations, joining, leaving, removal,
 * access and payer changes, and who a child or class is billed to (decisions §34). Written only by the households slice; administrators read it, nobody
 * edits it. Names are copied so an entry still says who after an account is removed.
 */
export const HouseholdEvents: CollectionConfig = {
  slug: 'household-events',
  labels: { singular: 'Household event', plural: 'Household events' },
  admin: {
    group: 'Families',
    defaultColumns: ['createdAt', 'household', 'action', 'actorName', 'subject'],
    description: 'Who invited, joined, left or changed a household’s guardians, and when.',
  },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'household', type: 'relationship', relationTo: 'users', index: true },
    {
      name: 'action',
      type: 'select',
      required: true,
      options: [
        { label: 'Invited a guardian', value: 'invited' },
        { label: 'Revoked an invitation', value: 'invite-revoked' },
        { label: 'Joined', value: 'joined' },
        { label: 'Left', value: 'left' },
        { label: 'Removed a guardian', value: 'removed' },
        { label: 'Changed a guardian’s access', value: 'access-changed' },
        { label: 'Chose the payer', value: 'payer-changed' },
        { label: 'Merged another household in', value: 'merged' },
        { label: 'Changed who is billed', value: 'billed-to-changed' },
        { label: 'A card left with its guardian', value: 'card-left' },
      ],
    },
    { name: 'actor', type: 'relationship', relationTo: 'users' },
    { name: 'actorName', type: 'text', required: true },
    { name: 'subject', type: 'text', required: true },
  ],
  timestamps: true,
}
