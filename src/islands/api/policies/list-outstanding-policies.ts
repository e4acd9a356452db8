import { useQuery } from '@tanstack/react-query'

import type { OutstandingDto } from '#api/policies/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/policies/outstanding: the family's students with documents to sign (the portal's banner). */
export function useOutstandingPolicies() {
  return useQuery({ queryKey: queryKeys.policies.outstanding, queryFn: () => apiRequest<OutstandingDto[]>('GET', '/api/policies/outstanding') })
}
