import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'

import type { StudentDto } from '#api/students/schemas'
import { apiRequest } from '#islands/lib/http'
import { studentsQueryOptions } from './list-students'
import { queryKeys } from '#islands/api/query-keys'

/** DELETE /api/students/{id}: the student and all their enrollments. */
export function deleteStudent(id: number): Promise<{ message: string; student: StudentDto } | undefined> {
  return apiRequest<{ message: string; student: StudentDto } | undefined>('DELETE', `/api/students/${id}`)
}

function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: studentsQueryOptions().queryKey })
  void queryClient.invalidateQueries({ queryKey: queryKeys.enrollments.all })
}

/** Spec §4: refreshes students and enrollments, then again about 300 ms later. */
export function useDeleteStudent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteStudent,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.students.one(id), exact: true })
      refresh(queryClient)
      setTimeout(() => refresh(queryClient), 300)
    },
  })
}
