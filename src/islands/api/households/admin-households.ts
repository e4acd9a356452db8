import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { AdminAutopayDto } from '#api/autopay/schemas'
import type { BilledToDto, BilledToInput, HouseholdDto, HouseholdEventDto, MergeInput, MergePreviewDto } from '#api/households/schemas'
import { apiRequest } from '#islands/lib/http'

export type AdminHouseholdDto = HouseholdDto & { events: HouseholdEventDto[]; billedTo: BilledToDto }

const householdKey = (accountId: number) => ['admin', 'household', accountId] as const

/** GET /api/admin/households/:id (admin): the household of any of its guardians, with its audit. Read afresh each time. */
export function useAdminHousehold(accountId: number | null) {
  return useQuery({
    queryKey: householdKey(accountId ?? 0),
    queryFn: () => apiRequest<AdminHouseholdDto>('GET', `/api/admin/households/${accountId}`),
    enabled: accountId !== null,
    staleTime: 0,
  })
}

/** PUT /api/admin/households/:id/billed-to: the household is read again, its history with the change. */
export function useSetAdminBilledTo(accountId: number | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: BilledToInput) => apiRequest<BilledToDto>('PUT', `/api/admin/households/${accountId}/billed-to`, input),
    onSuccess: (billedTo) => {
      queryClient.setQueryData<AdminHouseholdDto>(householdKey(accountId ?? 0), (old) => (old ? { ...old, billedTo } : old))
      return queryClient.invalidateQueries({ queryKey: householdKey(accountId ?? 0) })
    },
  })
}

/**
 * PATCH or DELETE /api/admin/households/:id/guardians/:guardianId: the studio changes a guardian's
 * access or removes them (decisions §39). A removal may hand the household over: every cached answer is dropped.
 */
export function useStudioGuardianChange(accountId: number | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: { guardianId: number; access: 'full' | 'view' } | { guardianId: number; remove: true }) =>
      'remove' in change
        ? apiRequest<HouseholdDto>('DELETE', `/api/admin/households/${accountId}/guardians/${change.guardianId}`)
        : apiRequest<HouseholdDto>('PATCH', `/api/admin/households/${accountId}/guardians/${change.guardianId}`, { access: change.access }),
    onSuccess: () => queryClient.invalidateQueries(),
  })
}

/** GET /api/admin/household-merges/preview: what a merge would move. */
export function useMergePreview(keep: number | null, merge: number | null) {
  return useQuery({
    queryKey: ['admin', 'household-merge', keep ?? 0, merge ?? 0] as const,
    queryFn: () => apiRequest<MergePreviewDto>('GET', `/api/admin/household-merges/preview?keep=${keep}&merge=${merge}`),
    enabled: keep !== null && merge !== null,
    staleTime: 0,
    retry: false,
  })
}

/** POST /api/admin/household-merges: everything a family's lists show may change, so every cached answer is dropped. */
export function useMergeHouseholds() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: MergeInput) => apiRequest<AdminHouseholdDto>('POST', '/api/admin/household-merges', input),
    onSuccess: () => queryClient.invalidateQueries(),
  })
}

/** GET /api/admin/autopay/:id (admin): the household's card and autopay, and the guardians' own cards (decisions §36). Read afresh each time. */
export function useAdminAutopay(accountId: number | null) {
  return useQuery({
    queryKey: ['admin', 'autopay', accountId ?? 0] as const,
    queryFn: () => apiRequest<AdminAutopayDto>('GET', `/api/admin/autopay/${accountId}`),
    enabled: accountId !== null,
    staleTime: 0,
  })
}
