import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { EmergencyContactInput, StudentDto } from '#api/students/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** PATCH /api/students/{id}/emergency-contact: sets or (with empty fields) clears the contact. */
export function updateEmergencyContact({ id, emergencyContact }: { id: number; emergencyContact: EmergencyContactInput }): Promise<StudentDto> {
  return apiRequest<StudentDto>('PATCH', `/api/students/${id}/emergency-contact`, { emergencyContact })
}

export function useUpdateEmergencyContact() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateEmergencyContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.students.all }),
  })
}
