import { queryOptions, useQuery } from '@tanstack/react-query'

import type { MedicalNoteReadDto } from '#api/care/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/admin/medical-note-reads: who read which student's medical notes, newest first. */
export function fetchMedicalNoteReads(): Promise<MedicalNoteReadDto[]> {
  return apiRequest<MedicalNoteReadDto[]>('GET', '/api/admin/medical-note-reads')
}

export const medicalNoteReadsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.medicalNoteReads, queryFn: fetchMedicalNoteReads })

export function useMedicalNoteReads(enabled = true) {
  return useQuery({ ...medicalNoteReadsQueryOptions(), enabled })
}
