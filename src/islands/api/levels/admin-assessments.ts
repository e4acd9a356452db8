import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type {
  AdminAssessmentWindowDto,
  AssessmentMarkDto,
  AssessmentReviewDto,
  AssessmentWindowInput,
  TeachAssessmentDto,
} from '#api/levels/assessment.schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/admin/assessment-windows (admin). */
export function useAssessmentWindows() {
  return useQuery(
    queryOptions({ queryKey: queryKeys.admin.assessments, queryFn: () => apiRequest<AdminAssessmentWindowDto[]>('GET', '/api/admin/assessment-windows') }),
  )
}

/**
 * POST /api/admin/assessment-windows (a new window) or PUT /api/admin/assessment-windows/:id (a
 * window not yet published): its name, days, classes and scale (admin).
 */
export function useSaveAssessmentWindow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AssessmentWindowInput }) =>
      id === null
        ? apiRequest<TeachAssessmentDto>('POST', '/api/admin/assessment-windows', input)
        : apiRequest<TeachAssessmentDto>('PUT', `/api/admin/assessment-windows/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.assessments }),
  })
}

/** GET /api/admin/assessment-windows/:id/review (admin): every mark, with the items two assessors disagree on. */
export function useAssessmentReview(windowId: number | null) {
  return useQuery({
    queryKey: queryKeys.admin.assessmentReview(windowId ?? 0),
    queryFn: () => apiRequest<AssessmentReviewDto>('GET', `/api/admin/assessment-windows/${windowId}/review`),
    enabled: windowId !== null,
  })
}

/** POST /api/admin/assessment-marks/:id/choose (admin): this mark counts for its item. */
export function useChooseMark() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiRequest<AssessmentMarkDto>('POST', `/api/admin/assessment-marks/${id}/choose`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.assessments }),
  })
}

/** POST /api/admin/assessment-windows/:id/publish (admin): families see the report cards. */
export function usePublishAssessment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string; publishedAt: string }>('POST', `/api/admin/assessment-windows/${id}/publish`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.assessments }),
  })
}

/** POST /api/admin/assessment-windows/:id/place (admin): each student placed at the published recommendation. */
export function usePlaceFromRecommendations() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>('POST', `/api/admin/assessment-windows/${id}/place`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.students.all }),
  })
}
