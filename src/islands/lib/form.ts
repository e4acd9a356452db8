import type { z } from 'zod'

export type FieldErrors = Partial<Record<string, string>>

/**
 * Checks form values with a shared schema: the parsed data, or the first message of each
 * field (the order of spec §5: "required" before "too short").
 */
export function validate<S extends z.ZodType>(schema: S, values: unknown): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values)
  if (result.success) return { ok: true, data: result.data }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form')
    errors[field] ??= issue.message
  }
  return { ok: false, errors }
}

/** Server validation answers may name the field (`errors: [{path, message}]`, decisions §1). */
export function serverFieldErrors(errors: { path: string; message: string }[], fields: readonly string[]): FieldErrors {
  const out: FieldErrors = {}
  for (const error of errors) {
    const field = String(error.path).split('.')[0] ?? ''
    if (fields.includes(field)) out[field] ??= error.message
  }
  return out
}
