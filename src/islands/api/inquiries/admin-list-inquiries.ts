import { queryOptions, useQuery } from '@tanstack/react-query'

import type { InquiryDto } from '#api/inquiries/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/inquiries (admin): the contact form's inbox. */
export function fetchInquiries(): Promise<InquiryDto[]> {
  return apiRequest<InquiryDto[]>('GET', '/api/inquiries')
}

export const inquiriesQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.inquiries, queryFn: fetchInquiries })

export function useInquiries() {
  return useQuery(inquiriesQueryOptions())
}
