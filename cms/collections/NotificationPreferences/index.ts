import type { CollectionConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'
import { isAdminField } from '#cms/access/isAdminField'
import { ownedByGuardian } from '#cms/access/ownedByGuardian'
import { CATEGORY_CHANNELS, CHOOSABLE_CATEGORIES, categoryField } from '#shared/statuses'

export const NotificationPreferences: CollectionConfig = {
  slug: 'notification-preferences',
  labels: { singular: 'Notification preferences', plural: 'Notification preferences' },
  admin: {
    group: 'Families',
    defaultColumns: ['user', 'emailNotifications', 'smsNotifications', 'classReminders', 'promotionalEmails', 'updatedAt'],
    description: 'What each family wants to hear from the academy; they change it on their Account page.',
  },
  // Each guardian's own choices (decisions §23), not the household's.
  access: { read: ownedByGuardian('user'), create: isAdmin, update: ownedByGuardian('user'), delete: isAdmin },
  fields: [
    // A family changes its settings, never whose they are (its own row stays its own).
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, unique: true, access: { update: isAdminField } },
    { name: 'emailNotifications', type: 'checkbox', defaultValue: true },
    { name: 'smsNotifications', type: 'checkbox', defaultValue: false },
    { name: 'classReminders', type: 'checkbox', defaultValue: true },
    { name: 'promotionalEmails', type: 'checkbox', defaultValue: true },
    // Issue 25: each category of message by email (and the portal) or in the portal only; money and safety messages always go by email.
    ...CHOOSABLE_CATEGORIES.map((category) => ({
      name: categoryField(category),
      type: 'select' as const,
      defaultValue: 'email',
      options: CATEGORY_CHANNELS.map((value) => ({ label: value === 'email' ? 'Email' : 'Portal only', value })),
    })),
  ],
  timestamps: true,
}
