import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { TroubleshootEmailInput } from '#api/accounts/admin-users.schemas'
import { ApiError, apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

export type TestEmailAnswer = { success: boolean; message: string; error?: string }

/** POST /api/troubleshoot-email (admin): sends one real test message. */
export function sendTestEmail(input: TroubleshootEmailInput): Promise<TestEmailAnswer> {
  return apiRequest<TestEmailAnswer>('POST', '/api/troubleshoot-email', input)
}

/** The mail server's own reason for a failed send (the answer's `error`), when it gave one. */
export function testEmailFailureDetail(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null
  const body = error.body as Partial<TestEmailAnswer> | null
  if (body && typeof body.error === 'string' && body.error) return body.error
  return error.serverMessage
}

export function useSendTestEmail() {
  const queryClient = useQueryClient()
  // Sent or failed, the message is now in demo mode's outbox.
  return useMutation({ mutationFn: sendTestEmail, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.emailOutbox }) })
}
