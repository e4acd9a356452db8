import type { CollectionConfig } from 'payload'

/**
 * The optional photo of an authorised pickup (issue 24): a small image the family's phone made
 * (resized before upload), kept in the database beside the pickup so that every app process
 * serves it and it leaves with the pickup. Nobody reads it here: only
 * `/api/students/:id/pickups/:pickupId/photo` (src/api/care), for the household, administrators
 * and the teachers of the child's classes.
 */
export const PickupPhotos: CollectionConfig = {
  slug: 'pickup-photos',
  labels: { singular: 'Pickup photo', plural: 'Pickup photos' },
  admin: { group: 'Families', hidden: true },
  access: { read: () => false, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'pickup', type: 'relationship', relationTo: 'authorised-pickups', required: true, unique: true },
    { name: 'contentType', type: 'select', required: true, options: ['image/jpeg', 'image/png', 'image/webp'] },
    { name: 'data', label: 'Image (base64)', type: 'textarea', required: true },
    { name: 'bytes', type: 'number', required: true },
  ],
  timestamps: true,
}
