import type { CollectionConfig } from 'payload'

import { CONTENT_SECTIONS, CONTENT_TYPES } from '#api/site-content/schemas'
import { isAdmin } from '#cms/access/isAdmin'
import { publishedOrAdmin } from '#cms/access/publishedOrAdmin'
import { cleanContent } from './hooks/cleanContent'
import { invalidateAfterChange, invalidateAfterDelete } from './hooks/invalidateContent'
import { stampEditor } from './hooks/stampEditor'

export const SiteContent: CollectionConfig = {
  slug: 'site-content',
  labels: { singular: 'Site text', plural: 'Site texts' },
  admin: {
    group: 'Website',
    useAsTitle: 'title',
    defaultColumns: ['title', 'key', 'section', 'isPublished', 'updatedAt'],
    listSearchableFields: ['key', 'title', 'content'],
    // Lets an editor group the list by section (home, contact, footer…).
    groupBy: true,
    description:
      'Texts of the public pages, by section: use "Group by" → Section. A text that is missing or unpublished shows its built-in default. The /admin console lists every text, built-in ones included.',
  },
  access: {
    // Visitors read published texts only; administrators read all.
    read: publishedOrAdmin,
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  hooks: {
    beforeChange: [stampEditor, cleanContent],
    afterChange: [invalidateAfterChange],
    afterDelete: [invalidateAfterDelete],
  },
  fields: [
    {
      name: 'key',
      type: 'text',
      required: true,
      unique: true,
      // A key never changes after creation (decisions §6).
      access: { update: () => false },
      admin: { description: 'Fixed once created, for example home.hero.title.' },
    },
    { name: 'title', type: 'text', required: true, admin: { description: 'A label for editors; not shown on the site.' } },
    { name: 'content', type: 'textarea', required: true },
    {
      name: 'section',
      type: 'select',
      required: true,
      index: true,
      options: CONTENT_SECTIONS.map((s) => ({ label: s, value: s })),
    },
    { name: 'contentType', type: 'select', required: true, defaultValue: 'text', options: CONTENT_TYPES.map((t) => ({ label: t, value: t })) },
    { name: 'isPublished', label: 'Published', type: 'checkbox', defaultValue: true, admin: { position: 'sidebar' } },
    { name: 'updatedBy', type: 'relationship', relationTo: 'users', admin: { readOnly: true, position: 'sidebar' } },
  ],
  timestamps: true,
}
