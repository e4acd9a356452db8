import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { ClassDto, ClassInput } from '#api/classes/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/classes (admin): price in integer cents (decisions §4). */
export function createClass(input: ClassInput): Promise<ClassDto> {
  return apiRequest<ClassDto>('POST', '/api/classes', input)
}

export function useCreateClass() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createClass,
    // Every class list (all ages and each age group) is stale now.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.classes.all })
      // A teacher's list of classes may have changed.
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.teachers })
    },
  })
}
