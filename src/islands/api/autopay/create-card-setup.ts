import { useMutation } from '@tanstack/react-query'

import type { SetupIntentDto } from '#api/autopay/schemas'
import { apiRequest } from '#islands/lib/http'

/** POST /api/autopay/setup-intent: a SetupIntent for the Payment Element (the card goes to Stripe, not to us). */
export function createCardSetup(): Promise<SetupIntentDto> {
  return apiRequest<SetupIntentDto>('POST', '/api/autopay/setup-intent', {})
}

export function useCreateCardSetup() {
  return useMutation({ mutationFn: createCardSetup })
}
