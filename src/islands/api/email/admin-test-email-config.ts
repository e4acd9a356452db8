import { useMutation } from '@tanstack/react-query'

import type { EmailConfigCheck } from '#api/accounts/admin-users.schemas'
import { apiRequest } from '#islands/lib/http'

/** GET /api/test-email-config (admin): can the SMTP server be reached? Run on demand, never cached. */
export function testEmailConfig(): Promise<EmailConfigCheck> {
  return apiRequest<EmailConfigCheck>('GET', '/api/test-email-config')
}

export function useTestEmailConfig() {
  return useMutation({ mutationFn: testEmailConfig })
}
