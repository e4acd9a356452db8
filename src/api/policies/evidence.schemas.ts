import type { SignatureDto } from './schemas'

/** One signature's evidence for the studio (issue 26). */
export type EvidenceDto = SignatureDto & {
  documentTitle: string | null
  studentName: string | null
  clientAddress: string
  guardian: { id: number; fullName: string; email: string } | null
  version: { number: number; text: string; sha256: string; publishedAt: string } | null
  /** Whether the stored text still hashes to what was signed. */
  hashMatches: boolean | null
}
