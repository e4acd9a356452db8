import { useMutation } from '@tanstack/react-query'

import type { InquiryDto, InquiryInput } from '#api/inquiries/schemas'
import { apiRequest } from '#islands/lib/http'

/** POST /api/inquiries: the contact form (the server records its own submission time). */
export function createInquiry(input: InquiryInput): Promise<InquiryDto> {
  return apiRequest<InquiryDto>('POST', '/api/inquiries', { ...input, submittedAt: new Date().toISOString() })
}

export function useCreateInquiry() {
  return useMutation({ mutationFn: createInquiry })
}
