import { queryOptions, useQuery } from '@tanstack/react-query'

import type { EmailOutboxDto } from '#api/accounts/admin-users.schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/email-outbox (admin): demo mode's copy of the mail the app sent or would have sent. */
export function fetchEmailOutbox(): Promise<EmailOutboxDto> {
  return apiRequest<EmailOutboxDto>('GET', '/api/email-outbox')
}

export const emailOutboxQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.emailOutbox, queryFn: fetchEmailOutbox })

export function useEmailOutbox() {
  return useQuery(emailOutboxQueryOptions())
}
