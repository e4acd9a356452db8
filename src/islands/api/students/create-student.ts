import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { StudentDto, StudentInput } from '#api/students/schemas'
import { apiRequest } from '#islands/lib/http'
import { studentsQueryOptions } from './list-students'

/** POST /api/students: a student of the signed-in family. */
export function createStudent(input: StudentInput): Promise<StudentDto> {
  return apiRequest<StudentDto>('POST', '/api/students', input)
}

/** Spec §7: refreshes the list. */
export function useCreateStudent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createStudent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentsQueryOptions().queryKey }),
  })
}
