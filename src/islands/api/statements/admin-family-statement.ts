import { queryOptions, useQuery } from '@tanstack/react-query'

import type { StatementDto } from '#api/statements/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/admin/families/{userId}/statement (admin): one family's statement. */
export function fetchFamilyStatement(userId: number): Promise<StatementDto> {
  return apiRequest<StatementDto>('GET', `/api/admin/families/${userId}/statement`)
}

export const familyStatementQueryOptions = (userId: number) =>
  queryOptions({ queryKey: queryKeys.admin.statement(userId), queryFn: () => fetchFamilyStatement(userId) })

/** Read again each time it opens: the family may have paid from its own phone meanwhile. */
export function useFamilyStatement(userId: number | null) {
  return useQuery({ ...familyStatementQueryOptions(userId ?? 0), enabled: userId !== null, staleTime: 0 })
}
