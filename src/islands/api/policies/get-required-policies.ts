import { queryOptions, useQuery } from '@tanstack/react-query'

import type { RequiredPoliciesDto } from '#api/policies/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/policies/required: the documents that apply to a student and where each stands (issue 26). */
export function fetchRequiredPolicies(studentId: number, classIds: readonly number[] = []): Promise<RequiredPoliciesDto> {
  return apiRequest<RequiredPoliciesDto>('GET', `/api/policies/required?studentId=${studentId}${classIds.length ? `&classIds=${classIds.join(',')}` : ''}`)
}

/** `classIds`: the classes being chosen, whose own documents apply too. */
export const requiredPoliciesQueryOptions = (studentId: number, classIds: readonly number[] = []) =>
  queryOptions({ queryKey: [...queryKeys.policies.ofStudent(studentId), classIds.join(',')], queryFn: () => fetchRequiredPolicies(studentId, classIds) })

export function useRequiredPolicies(studentId: number | null, classIds: readonly number[] = []) {
  return useQuery({ ...requiredPoliciesQueryOptions(studentId ?? 0, classIds), enabled: studentId !== null })
}
