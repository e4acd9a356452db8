import { extractID } from 'payload/shared'

/** The id behind a relationship field, whether Payload returned the id or (with depth) the document. */
export function relationId(value: number | { id: number }): number {
  return extractID(value)
}

/** The same for an optional relationship: null when the field is empty. */
export function optionalRelationId(value: number | { id: number } | null | undefined): number | null {
  return value === null || value === undefined ? null : extractID(value)
}
