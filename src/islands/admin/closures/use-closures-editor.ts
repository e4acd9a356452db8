import { useState } from 'react'

import type { ClosureDto, ClosureListMessages } from '#api/lib/closures.schemas'
import { EMPTY_CLOSURE_DRAFT, PENDING_CLOSURE_MESSAGE, withDraft, type ClosureDraft } from './closure-draft'

/**
 * The state of a ClosuresEditor: the list, the closure being typed and its message. `forSave`
 * is what a form sends: the list with a typed closure added, or null (and a message at the
 * closure) when what is typed cannot be added, so nothing typed is ever silently dropped.
 */
export function useClosuresEditor(initial: readonly ClosureDto[], messages: ClosureListMessages) {
  const [closures, setClosures] = useState<ClosureDto[]>([...initial])
  const [draft, setDraft] = useState<ClosureDraft>(EMPTY_CLOSURE_DRAFT)
  const [problem, setProblem] = useState<string | null>(null)

  function add(): ClosureDto[] | null {
    const result = withDraft(closures, draft, messages)
    if (!result.ok) {
      setProblem(result.error)
      return null
    }
    setProblem(null)
    setClosures(result.closures)
    setDraft(EMPTY_CLOSURE_DRAFT)
    return result.closures
  }

  return {
    closures,
    draft,
    problem,
    setDraft,
    add: () => void add(),
    remove: (closure: ClosureDto) => setClosures((list) => list.filter((c) => c !== closure)),
    /** The list to save, a typed closure included; null when the typed one is refused. */
    forSave(): ClosureDto[] | null {
      const result = withDraft(closures, draft, messages)
      if (!result.ok) {
        setProblem(`${PENDING_CLOSURE_MESSAGE}: ${result.error.replace(/\.?$/, '.')} Fix it or clear it, then save again.`)
        return null
      }
      return add()
    },
    /** After a save: the list as the server stored it. */
    reset: (saved: readonly ClosureDto[]) => setClosures([...saved]),
  }
}
