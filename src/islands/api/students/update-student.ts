import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { StudentDto, StudentInput } from '#api/students/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** PATCH /api/students/{id}: the family corrects its own child (decisions §18). */
export function updateStudent({ id, input }: { id: number; input: StudentInput }): Promise<StudentDto> {
  return apiRequest<StudentDto>('PATCH', `/api/students/${id}`, input)
}

/** Refreshes the list and each single student (the schedule and the cards read the name). */
export function useUpdateStudent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateStudent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.students.all }),
  })
}
