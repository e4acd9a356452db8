import type { CollectionConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'
import { nobody } from '#cms/access/nobody'

/**
 * Invitations to join a household as a guardian (decisions §23). Written only by the households
 * slice (`src/api/households/`): the link's token is kept as its SHA-256, single use, for 7 days.
 * Administrators read them here; nobody edits them.
 */
export const HouseholdInvites: CollectionConfig = {
  slug: 'household-invites',
  labels: { singular: 'Guardian invitation', plural: 'Guardian invitations' },
  admin: {
    group: 'Families',
    useAsTitle: 'email',
    defaultColumns: ['email', 'household', 'access', 'status', 'expiresAt', 'createdAt'],
    description: 'Invitations a guardian sent to a second guardian of their household.',
  },
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  fields: [
    // Empty once the household's last account is deleted: the invitation stays as a record, unusable.
    { name: 'household', type: 'relationship', relationTo: 'users', index: true },
    { name: 'email', type: 'email', required: true, index: true },
    {
      name: 'access',
      type: 'select',
      required: true,
      options: [
        { label: 'Full', value: 'full' },
        { label: 'View and attendance', value: 'view' },
      ],
    },
    { name: 'invitedBy', type: 'relationship', relationTo: 'users' },
    { name: 'tokenHash', type: 'text', required: true, unique: true, hidden: true, access: { read: nobody } },
    { name: 'expiresAt', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: [
        { label: 'Pending', value: 'pending' },
        { label: 'Accepted', value: 'accepted' },
        { label: 'Revoked', value: 'revoked' },
      ],
    },
    { name: 'acceptedBy', type: 'relationship', relationTo: 'users' },
    { name: 'acceptedAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
  ],
  timestamps: true,
}
