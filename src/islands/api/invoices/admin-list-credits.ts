import { queryOptions, useQuery } from '@tanstack/react-query'

import type { CreditDto } from '#api/invoices/credits.schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/admin/credits?userId= (admin): one family's credits, oldest first, with what is left of each. */
export function fetchFamilyCredits(userId: number): Promise<CreditDto[]> {
  return apiRequest<CreditDto[]>('GET', `/api/admin/credits?userId=${userId}`)
}

export const familyCreditsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: queryKeys.admin.credits.ofFamily(userId), queryFn: () => fetchFamilyCredits(userId) })

export function useFamilyCredits(userId: number | null) {
  return useQuery({ ...familyCreditsQueryOptions(userId ?? 0), enabled: userId !== null })
}
