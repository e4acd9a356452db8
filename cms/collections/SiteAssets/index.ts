import path from 'node:path'

import type { CollectionConfig } from 'payload'

import { anyone } from '#cms/access/anyone'
import { isAdmin } from '#cms/access/isAdmin'
import { invalidateAfterChange, invalidateAfterDelete } from '#cms/collections/SiteContent/hooks/invalidateContent'
import type { CmsSettings } from '#server/env.server'
import { stampEditor } from '#cms/collections/SiteContent/hooks/stampEditor'

/** The site images collection; the files live under the settings' data folder (`media`) unless a bucket takes them. */
export const siteAssetsCollection = (settings: Pick<CmsSettings, 'dataDir'>): CollectionConfig => ({
  slug: 'site-assets',
  labels: { singular: 'Site image', plural: 'Site images' },
  admin: {
    group: 'Website',
    useAsTitle: 'key',
    defaultColumns: ['key', 'filename', 'content', 'updatedAt'],
    description: 'Images of the public pages, such as the landing hero (landing.hero.image). Uploads are resized to WebP automatically.',
  },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: {
    beforeChange: [stampEditor],
    afterChange: [invalidateAfterChange],
    afterDelete: [invalidateAfterDelete],
  },
  upload: {
    staticDir: path.join(settings.dataDir, 'media'),
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
    // Re-encoded to WebP in responsive sizes (decisions §6).
    formatOptions: { format: 'webp', options: { quality: 82 } },
    // The original is kept too; bound it so a camera-sized upload is never served as is.
    resizeOptions: { width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true },
    imageSizes: [
      { name: 'small', width: 640, formatOptions: { format: 'webp', options: { quality: 80 } } },
      { name: 'medium', width: 1024, formatOptions: { format: 'webp', options: { quality: 80 } } },
      { name: 'large', width: 1600, formatOptions: { format: 'webp', options: { quality: 80 } } },
    ],
  },
  fields: [
    { name: 'key', type: 'text', required: true, unique: true, access: { update: () => false } },
    { name: 'assetType', type: 'text', defaultValue: 'image' },
    { name: 'content', label: 'Alternative text', type: 'text', admin: { description: 'Describes the image for people who cannot see it.' } },
    { name: 'description', type: 'text' },
    { name: 'updatedBy', type: 'relationship', relationTo: 'users', admin: { readOnly: true, position: 'sidebar' } },
  ],
  timestamps: true,
})
