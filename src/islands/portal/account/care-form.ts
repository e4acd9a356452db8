import type { z } from 'zod'

import type { CareDto, CareInput, PersonInput } from '#api/care/schemas'
import type { FieldErrors } from '#islands/lib/form'

/** The care form's values: what the family edits before saving (photo '' = not answered). */
export type CareValues = Omit<CareInput, 'mayBePhotographed'> & { mayBePhotographed: '' | 'yes' | 'no' }

export const EMPTY_PERSON: PersonInput = { name: '', relationship: '', phone: '' }

export function careValues(care: CareDto): CareValues {
  return {
    emergencyContacts: care.emergencyContacts.map(({ name, relationship, phone }) => ({ name, relationship, phone })),
    allergies: care.allergies,
    medicalNotes: care.medicalNotes,
    doctor: { ...care.doctor },
    mayBePhotographed: care.mayBePhotographed ?? '',
  }
}

export function careInput(values: CareValues): unknown {
  return { ...values, mayBePhotographed: values.mayBePhotographed || null }
}

/**
 * Checks with the shared schema; each message under its whole path ("emergencyContacts.0.phone"),
 * so every field of every contact shows its own.
 */
export function validateAll<S extends z.ZodType>(schema: S, values: unknown): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values)
  if (result.success) return { ok: true, data: result.data }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) errors[issue.path.join('.') || 'form'] ??= issue.message
  return { ok: false, errors }
}
