import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { ClassDto, ClassUpdateInput } from '#api/classes/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** PATCH /api/classes/{id} (admin): price in integer cents (decisions §4). */
export function updateClass({ id, input }: { id: number; input: ClassUpdateInput }): Promise<ClassDto> {
  return apiRequest<ClassDto>('PATCH', `/api/classes/${id}`, input)
}

export function useUpdateClass() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateClass,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.classes.all })
      // Enrollments embed their class.
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.enrollments })
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.teachers })
    },
  })
}
