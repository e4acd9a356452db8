import { useMutation } from '@tanstack/react-query'

import type { MessageDto } from '#api/messages/schemas'
import { apiRequest } from '#islands/lib/http'

/** POST /api/teach/classes/:id/messages with `cancelledToday`: the two-tap notice to the class's families (issue 25). */
export function useCancelClassToday() {
  return useMutation({ mutationFn: (classId: number) => apiRequest<MessageDto>('POST', `/api/teach/classes/${classId}/messages`, { cancelledToday: true }) })
}
