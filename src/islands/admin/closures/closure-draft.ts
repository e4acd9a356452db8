import { closureListSchema, type ClosureDto, type ClosureListMessages } from '#api/lib/closures.schemas'

/**
 * The closure an administrator is typing (first day, last day, label) before it joins the list,
 * in the class form and the tuition settings form. A closure typed and not added is never
 * dropped on save: `withDraft` adds it, or names what is wrong with it so the save stops there.
 */
export type ClosureDraft = { start: string; end: string; label: string }

export const EMPTY_CLOSURE_DRAFT: ClosureDraft = { start: '', end: '', label: '' }

/** Said before the reason when a save stops at a closure typed and not added. */
export const PENDING_CLOSURE_MESSAGE = 'The closure you typed was not added'

/** Nothing typed in any of the draft's boxes. */
export function isDraftEmpty(draft: ClosureDraft): boolean {
  return draft.start.trim() === '' && draft.end.trim() === '' && draft.label.trim() === ''
}

/**
 * The list with the draft added (checked with the schema the server uses, so its messages are
 * the server's), in calendar order; or the first message when the draft or the list is refused.
 * An empty draft leaves the list as it is.
 */
export function withDraft(
  closures: readonly ClosureDto[],
  draft: ClosureDraft,
  messages: ClosureListMessages,
): { ok: true; closures: ClosureDto[] } | { ok: false; error: string } {
  if (isDraftEmpty(draft)) return { ok: true, closures: [...closures] }
  const parsed = closureListSchema(messages).safeParse([...closures, { start: draft.start.trim(), end: draft.end.trim(), label: draft.label }])
  if (parsed.success) return { ok: true, closures: parsed.data }
  return { ok: false, error: parsed.error.issues[0]?.message ?? messages.date }
}
