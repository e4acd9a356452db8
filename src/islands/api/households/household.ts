import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { UserDto } from '#api/accounts/auth.schemas'
import type { BilledToAnswerInput, BilledToDto, BilledToInput, GuardianAccess, HouseholdDto, InvitePreviewDto, PendingInviteDto } from '#api/households/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/household and the changes a guardian makes to it (decisions §23). */
export function useHousehold() {
  return useQuery({ queryKey: queryKeys.household, queryFn: () => apiRequest<HouseholdDto>('GET', '/api/household') })
}

function useHouseholdChange<I>(call: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.household }) })
}

export const useInviteGuardian = () =>
  useHouseholdChange((input: { email: string; access: GuardianAccess }) => apiRequest<PendingInviteDto>('POST', '/api/household/invites', input))

export const useRevokeInvite = () => useHouseholdChange((id: number) => apiRequest<null>('DELETE', `/api/household/invites/${id}`))

export const useChangeGuardianAccess = () =>
  useHouseholdChange((input: { id: number; access: GuardianAccess }) =>
    apiRequest<HouseholdDto>('PATCH', `/api/household/guardians/${input.id}`, { access: input.access }),
  )

export const useRemoveGuardian = () => useHouseholdChange((id: number) => apiRequest<HouseholdDto>('DELETE', `/api/household/guardians/${id}`))

export const useChoosePayer = () => useHouseholdChange((guardianId: number) => apiRequest<HouseholdDto>('PUT', '/api/household/payer', { guardianId }))

/** Split billing (decisions §34): who each child is billed to, and a change of it. */
export function useBilledTo() {
  return useQuery({ queryKey: queryKeys.householdBilledTo, queryFn: () => apiRequest<BilledToDto>('GET', '/api/household/billed-to') })
}

export function useSetBilledTo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: BilledToInput) => apiRequest<BilledToDto>('PUT', '/api/household/billed-to', input),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.householdBilledTo, data),
  })
}

/** Decisions §38: the guardian asked to be billed for a child or class accepts or declines. */
export function useAnswerBilledTo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ accept, ...input }: BilledToAnswerInput & { accept: boolean }) =>
      apiRequest<BilledToDto>('POST', `/api/household/billed-to/${accept ? 'accept' : 'decline'}`, input),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.householdBilledTo, data),
  })
}

/** Leaving changes everything the portal shows: every cached answer is dropped. */
export function useLeaveHousehold() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: () => apiRequest<null>('POST', '/api/household/leave'), onSuccess: () => queryClient.invalidateQueries() })
}

export const previewInvite = (token: string) => apiRequest<InvitePreviewDto>('POST', '/api/household-invites/preview', { token })

export type NewGuardianAccount = { fullName: string; username: string; password: string; phone: string | null }

export const acceptInvite = (token: string, account?: NewGuardianAccount) =>
  apiRequest<UserDto>('POST', '/api/household-invites/accept', account ? { token, account } : { token })
