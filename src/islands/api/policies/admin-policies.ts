import { useMutation, useQuery } from '@tanstack/react-query'

import type { AdminPolicyDto, ComplianceDto } from '#api/policies/schemas'
import type { EvidenceDto } from '#api/policies/evidence.schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

const classQuery = (classId: number | null) => (classId ? `?classId=${classId}` : '')

/** GET /api/admin/policies: the documents (issue 26). */
export function useAdminPolicies() {
  return useQuery({ queryKey: queryKeys.policies.admin, queryFn: () => apiRequest<AdminPolicyDto[]>('GET', '/api/admin/policies') })
}

/** GET /api/admin/policies/{id}/compliance: who signed which version, who has not. */
export function usePolicyCompliance(documentId: number | null, classId: number | null) {
  return useQuery({
    queryKey: queryKeys.policies.compliance(documentId ?? 0, classId),
    queryFn: () => apiRequest<ComplianceDto>('GET', `/api/admin/policies/${documentId}/compliance${classQuery(classId)}`),
    enabled: documentId !== null,
  })
}

/** The CSV of the same view (a download link). */
export const complianceCsvHref = (documentId: number, classId: number | null) => `/api/admin/policies/${documentId}/compliance.csv${classQuery(classId)}`

/** POST /api/admin/policies/{id}/remind: a notice to each family still to sign. */
export function useRemindUnsigned() {
  return useMutation({
    mutationFn: ({ documentId, classId }: { documentId: number; classId: number | null }) =>
      apiRequest<{ reminded: number }>('POST', `/api/admin/policies/${documentId}/remind${classQuery(classId)}`),
  })
}

/** GET /api/admin/policies/signatures/{id}: one signature's evidence. */
export function useSignatureEvidence(signatureId: number | null) {
  return useQuery({
    queryKey: queryKeys.policies.evidence(signatureId ?? 0),
    queryFn: () => apiRequest<EvidenceDto>('GET', `/api/admin/policies/signatures/${signatureId}`),
    enabled: signatureId !== null,
  })
}
