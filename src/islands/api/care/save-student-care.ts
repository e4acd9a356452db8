import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { CareDto, CareInput } from '#api/care/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** PUT /api/students/{id}/care: the whole care information; the first contact is the student's own. */
export function saveStudentCare({ id, care }: { id: number; care: CareInput }): Promise<CareDto> {
  return apiRequest<CareDto>('PUT', `/api/students/${id}/care`, care)
}

export function useSaveStudentCare() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveStudentCare,
    onSuccess: (_care, { id }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.care.ofStudent(id) })
      // The student's own emergency contact follows the first one.
      void queryClient.invalidateQueries({ queryKey: queryKeys.students.all })
    },
  })
}
