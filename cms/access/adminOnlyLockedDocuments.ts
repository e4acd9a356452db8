import type { SanitizedConfig } from 'payload'

import { isAdmin } from './isAdmin'

/**
 * Payload adds its own `payload-locked-documents` collection (who is editing what in /cms) while
 * it sanitises the config, open to any signed-in account: through its REST a family could lock
 * an administrator out of a document, or read who edits what. Only administrators edit in /cms,
 * so only they hold locks; Payload's own lock checks read and clear them past access.
 */
export function adminOnlyLockedDocuments(config: SanitizedConfig): SanitizedConfig {
  const locks = config.collections.find((collection) => collection.slug === 'payload-locked-documents')
  if (locks) locks.access = { ...locks.access, create: isAdmin, read: isAdmin, update: isAdmin, delete: isAdmin }
  return config
}
