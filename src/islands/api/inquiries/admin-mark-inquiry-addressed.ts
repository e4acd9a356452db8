import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { InquiryDto } from '#api/inquiries/schemas'
import { apiRequest } from '#islands/lib/http'
import { inquiriesQueryOptions } from './admin-list-inquiries'

/** PATCH /api/inquiries/{id}/mark-addressed (admin): records the time and the admin; one way. */
export function markInquiryAddressed(id: number): Promise<InquiryDto> {
  return apiRequest<InquiryDto>('PATCH', `/api/inquiries/${id}/mark-addressed`)
}

export function useMarkInquiryAddressed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markInquiryAddressed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inquiriesQueryOptions().queryKey }),
  })
}
