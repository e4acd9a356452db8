import { onlineManager } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react'

import type { AssessmentMarkInput } from '#api/levels/assessment.schemas'
import { useRecordAssessmentMark } from '#islands/api/levels/teach-assessments'
import { errorMessage } from '#islands/lib/http'
import { isRetryable } from '#islands/lib/offline-queue'
import { assessmentMarkKey, unsavedAssessmentMarks, unsavedOfSheet } from './unsaved-assessment'

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener)

/**
 * The sheet's marks through the phone's offline queue: a tap is stored on the phone with its
 * time, shown at once, sent, and forgotten only once the server has it; stored marks of an
 * earlier visit go again when the sheet opens, and all of them when the connection returns. A
 * refusal (4xx) drops the mark from the phone with the reason; another assessor's different mark
 * of the same item is reported (the office chooses).
 */
export function useQueuedMarks(windowId: number, classId: number) {
  const [unsaved, setUnsaved] = useState(() => unsavedOfSheet(windowId, classId))
  const [refused, setRefused] = useState<string | null>(null)
  const [conflicts, setConflicts] = useState<ReadonlySet<string>>(new Set())
  const online = useSyncExternalStore(
    subscribeOnline,
    () => onlineManager.isOnline(),
    () => true,
  )

  const settle = (input: AssessmentMarkInput) => {
    const key = assessmentMarkKey(input)
    unsavedAssessmentMarks.clear(key, input)
    setUnsaved((current) => {
      if (current[key]?.markedAt !== input.markedAt) return current
      const { [key]: _sent, ...rest } = current
      return rest
    })
    return key
  }
  const mark = useRecordAssessmentMark({
    onSaved: (input, answer) => {
      const key = settle(input)
      setConflicts((current) => {
        const next = new Set(current)
        if (answer.conflict) next.add(key)
        else next.delete(key)
        return next
      })
    },
    onRefused: (input, error) => {
      if (isRetryable(error)) return
      settle(input)
      setRefused(`A mark was not saved: ${errorMessage(error, 'the server refused it.')}`)
    },
  })

  function send(input: Omit<AssessmentMarkInput, 'markedAt'>) {
    // The time of the tap travels with it: a mark replayed later never overwrites a newer one.
    const stamped = { ...input, markedAt: new Date().toISOString() }
    unsavedAssessmentMarks.write(assessmentMarkKey(stamped), stamped)
    setUnsaved((current) => ({ ...current, [assessmentMarkKey(stamped)]: stamped }))
    setRefused(null)
    mark.mutate(stamped)
  }
  function sendAgain() {
    for (const input of Object.values(unsavedOfSheet(windowId, classId))) mark.mutate(input)
  }
  const resend = useEffectEvent(sendAgain)
  useEffect(() => {
    resend()
    window.addEventListener('online', resend)
    return () => window.removeEventListener('online', resend)
  }, [windowId, classId])

  return { unsaved, online, refused, conflicts, send, resend: sendAgain, sending: mark.isPending && !mark.isPaused }
}
