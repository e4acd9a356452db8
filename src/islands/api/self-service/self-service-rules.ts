import { useQuery } from '@tanstack/react-query'

import type { SelfServiceRulesDto } from '#api/self-service/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/self-service/rules: the academy's today, the drop notice and the makeup window. */
export function fetchSelfServiceRules(): Promise<SelfServiceRulesDto> {
  return apiRequest<SelfServiceRulesDto>('GET', '/api/self-service/rules')
}

export function useSelfServiceRules() {
  return useQuery({ queryKey: queryKeys.selfServiceRules, queryFn: fetchSelfServiceRules, staleTime: 5 * 60_000 })
}
