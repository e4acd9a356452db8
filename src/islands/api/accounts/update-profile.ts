import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { ProfileInput } from '#api/accounts/schemas'
import type { UserDto } from '#api/accounts/auth.schemas'
import { apiRequest } from '#islands/lib/http'
import { currentUserQueryOptions } from './current-user'

/** PATCH /api/user/profile: name, email and phone of the signed-in account. */
export function updateProfile(input: ProfileInput): Promise<UserDto> {
  return apiRequest<UserDto>('PATCH', '/api/user/profile', input)
}

/** Spec §7: the updated user replaces the cached one, then the user is read again (spec §9's success refresh). */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user)
      await queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey })
    },
  })
}
