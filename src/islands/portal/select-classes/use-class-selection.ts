import { useState } from 'react'

import type { ClassDto } from '#api/classes/schemas'

/**
 * Which classes are ticked, and whether the summary bar shows.
 * `classId`: a class chosen on the catalogue (issue 23), ticked from the start with the bar shown.
 */
export function useClassSelection(classId: number | null) {
  const [selectedIds, setSelectedIds] = useState<number[]>(classId ? [classId] : [])
  const [barShown, setBarShown] = useState(classId !== null)

  function toggle(cls: ClassDto) {
    setBarShown(true)
    setSelectedIds((ids) => (ids.includes(cls.id) ? ids.filter((id) => id !== cls.id) : [...ids, cls.id]))
  }

  /** Unticks classes the server has already added (a batch that stopped part way). */
  function drop(classIds: Set<number>) {
    setSelectedIds((ids) => ids.filter((id) => !classIds.has(id)))
  }

  return { selectedIds, barShown, toggle, drop }
}
