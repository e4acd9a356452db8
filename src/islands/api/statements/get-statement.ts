import { queryOptions, useQuery } from '@tanstack/react-query'

import type { StatementDto } from '#api/statements/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/billing/statement: the signed-in family's own statement. */
export function fetchStatement(): Promise<StatementDto> {
  return apiRequest<StatementDto>('GET', '/api/billing/statement')
}

export const statementQueryOptions = () => queryOptions({ queryKey: queryKeys.statement, queryFn: fetchStatement })

export function useStatement() {
  return useQuery(statementQueryOptions())
}
