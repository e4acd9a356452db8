import type { CollectionConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'
import { studentInHousehold } from '#cms/access/studentInHousehold'
import { removePickupPhotoBeforeDelete } from '#api/care'

/**
 * Who may collect a child from class (issue 24): families add, edit and remove them through
 * /api/students/:id/pickups (src/api/care); the teachers of the child's classes see them on the
 * roster. Here, administrators only.
 */
export const AuthorisedPickups: CollectionConfig = {
  slug: 'authorised-pickups',
  labels: { singular: 'Authorised pickup', plural: 'Authorised pickups' },
  admin: { group: 'Families', useAsTitle: 'name', defaultColumns: ['name', 'relationship', 'phone', 'student'] },
  access: { read: studentInHousehold, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'student', type: 'relationship', relationTo: 'students', required: true, index: true },
    { name: 'name', type: 'text', required: true, maxLength: 120 },
    { name: 'relationship', type: 'text', required: true, maxLength: 60 },
    { name: 'phone', type: 'text', required: true, maxLength: 40 },
    // When the family last set its photo (empty: none); the photo itself is a pickup-photos row.
    { name: 'photoUpdatedAt', label: 'Photo added', type: 'date', admin: { readOnly: true } },
  ],
  hooks: { beforeDelete: [removePickupPhotoBeforeDelete] },
  timestamps: true,
}
