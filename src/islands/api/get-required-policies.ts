import { queryOptions, useQuery } from '@tanstack/react-query'

import type { RequiredPoliciesDto } from '#api/policies/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from './query-keys'

/** GET /api/policies/required: the documents that apply to a student and where each stands (issue 26). */
export function fetchRequiredPolicies(studentId: number): Promise<RequiredPoliciesDto> {
  return apiRequest<RequiredPoliciesDto>('GET', `/api/policies/required?studentId=${studentId}`)
}

export const requiredPoliciesQueryOptions = (studentId: number) =>
  queryOptions({ queryKey: queryKeys.policies.ofStudent(studentId), queryFn: () => fetchRequiredPolicies(studentId) })

export function useRequiredPolicies(studentId: number | null) {
  return useQuery({ ...requiredPoliciesQueryOptions(studentId ?? 0), enabled: studentId !== null })
}
