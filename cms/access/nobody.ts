import type { FieldAccess } from 'payload'

/** Field-level: no one through the API (hooks and operations with overrideAccess still may). */
export const nobody: FieldAccess = () => false
