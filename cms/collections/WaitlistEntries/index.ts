import type { CollectionConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'
import { studentOwnedByUser } from '#cms/access/studentOwnedByUser'
import { invalidateClassesAfterChange, invalidateClassesAfterDelete } from '#cms/collections/Classes/hooks/invalidateClasses'
import { WAITLIST_LIMITS } from '#api/waitlist/schemas'
import { WAITLIST_OVERRIDE_ACTIONS, WAITLIST_STATUSES } from '#shared/statuses'

/**
 * A student in line for a full class (decisions §15). Families and administrators act through
 * /api/waitlist and /api/admin/waitlist (src/api/waitlist/waitlist.ts), which keep the queue
 * order under a row lock on the class; here only administrators write. PostgreSQL keeps one
 * waiting or offered entry per student and class (a partial unique index of the migration).
 */
export const WaitlistEntries: CollectionConfig = {
  slug: 'waitlist-entries',
  labels: { singular: 'Waitlist entry', plural: 'Waitlist entries' },
  admin: {
    group: 'Classes',
    defaultColumns: ['class', 'student', 'status', 'createdAt', 'offerExpiresAt'],
    description: 'Families in line for full classes, first come first offered. Use the /admin console to override the order: it records why.',
  },
  access: { read: studentOwnedByUser, create: isAdmin, update: isAdmin, delete: isAdmin },
  // The class list carries the places held by open offers.
  hooks: { afterChange: [invalidateClassesAfterChange], afterDelete: [invalidateClassesAfterDelete] },
  fields: [
    { name: 'class', type: 'relationship', relationTo: 'classes', required: true, index: true },
    { name: 'student', type: 'relationship', relationTo: 'students', required: true, index: true },
    { name: 'family', type: 'relationship', relationTo: 'users', required: true, index: true },
    {
      name: 'status',
      type: 'select',
      required: true,
      index: true,
      defaultValue: 'waiting',
      options: WAITLIST_STATUSES.map((status) => ({ label: status, value: status })),
    },
    { name: 'offeredAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'offerExpiresAt', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'closedAt', label: 'Left the line at', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    {
      name: 'overrideAction',
      type: 'select',
      options: WAITLIST_OVERRIDE_ACTIONS.map((action) => ({ label: action, value: action })),
      admin: { description: 'Set when an administrator put this family ahead of the queue.' },
    },
    { name: 'overrideReason', type: 'textarea', maxLength: WAITLIST_LIMITS.maxReason },
    { name: 'overrideBy', type: 'relationship', relationTo: 'users' },
    { name: 'overrideAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'removalReason', type: 'textarea', maxLength: WAITLIST_LIMITS.maxReason },
    { name: 'removedBy', type: 'relationship', relationTo: 'users' },
    { name: 'removedAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
  ],
  timestamps: true,
}
