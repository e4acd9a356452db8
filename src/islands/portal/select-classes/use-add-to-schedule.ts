import { useState } from 'react'

import type { ClassDto } from '#api/classes/schemas'
import { EnrollmentBatchError, useCreateEnrollments } from '#islands/api/enrollment/create-enrollment'
import { useNotify } from '#islands/components/ui/Toast'
import { setFlash } from '#islands/lib/flash'
import { addedSchedulePath } from '#islands/portal/components/FirstClassNotice'
import { classCount } from '#islands/portal/format'
import { PORTAL_TEXT } from '#islands/portal/texts'

/**
 * Enrolling the selected classes: the confirm dialog's state, then the batch and where it leads.
 * `classId` (from the catalogue) leads to the week with the first class dates; `onPartlyAdded` unticks what was added before a failure.
 */
export function useAddToSchedule({
  studentId,
  classId,
  selected,
  onPartlyAdded,
}: {
  studentId: number
  classId: number | null
  selected: ClassDto[]
  onPartlyAdded: (classIds: Set<number>) => void
}) {
  const enroll = useCreateEnrollments()
  const notify = useNotify()
  const [confirming, setConfirming] = useState(false)

  function openConfirm() {
    if (selected.length === 0) return notify({ title: PORTAL_TEXT.noSelectionTitle, text: PORTAL_TEXT.noSelectionText, tone: 'error' })
    setConfirming(true)
  }

  async function submit() {
    try {
      const added = await enroll.mutateAsync({ studentId, classIds: selected.map((cls) => cls.id) })
      const message = { title: PORTAL_TEXT.classesAdded, text: PORTAL_TEXT.classesAddedText }
      setFlash(message)
      notify(message)
      // From the catalogue, the family sees the week with the first class dates (issue 23).
      window.location.assign(classId ? addedSchedulePath(studentId, added) : '/account')
    } catch (error) {
      setConfirming(false)
      const text = error instanceof EnrollmentBatchError ? error.message : PORTAL_TEXT.addClassesError
      const added = error instanceof EnrollmentBatchError ? error.added.length : 0
      notify({ title: 'Error', text: added ? `${classCount(added)} added. ${text}` : text, tone: 'error' })
      if (error instanceof EnrollmentBatchError) onPartlyAdded(new Set(error.added.map((e) => e.classId)))
    }
  }

  return { confirming, pending: enroll.isPending, openConfirm, submit, cancel: () => setConfirming(false) }
}
