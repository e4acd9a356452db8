import type { PayloadRequest, Where } from 'payload'

import type { CareInformation, MedicalNoteRead, Student, User } from '#cms/payload-types'
import { isAdminUser, isTeacherUser } from '#shared/roles'
import { academyNow } from '#api/lib/academy-clock'
import { optionalRelationId } from '#api/lib/relations'
import { findStudent } from './care-records'
import type { MedicalNoteReadDto } from './schemas'

/** Records that a member of staff read a student's medical notes (who, when, which student). */
export async function recordMedicalNoteRead(req: PayloadRequest, reader: User, role: 'admin' | 'teacher', student: Student): Promise<void> {
  await req.payload.create({
    collection: 'medical-note-reads',
    data: {
      readAt: academyNow().toISOString(),
      reader: reader.id,
      readerName: reader.fullName || reader.username,
      readerRole: role,
      student: student.id,
      studentName: student.fullName,
    },
    depth: 0,
    req,
    // Nobody writes the audit through the API; this operation is its one writer.
    overrideAccess: true,
  })
}

/**
 * A read of care information through Payload itself (its REST at /cms-api, the admin panel's
 * views), as the member of staff who asked: every door records the medical notes it handed to
 * staff, as `readCare` does for the academy's pages. The care slice's own reads run with
 * `overrideAccess` and record their entry themselves (or show no notes), so none is counted twice.
 */
export async function recordStaffReadThroughPayload(req: PayloadRequest, doc: Partial<CareInformation>, overrideAccess: boolean | undefined): Promise<void> {
  if (overrideAccess || !doc.medicalNotes?.trim() || doc.student === undefined || doc.student === null) return
  const reader = req.user as User | null
  const role = isAdminUser(reader) ? 'admin' : isTeacherUser(reader) ? 'teacher' : null
  if (!reader || !role) return
  const studentId = optionalRelationId(doc.student)
  const student = studentId === null ? null : await findStudent(req, studentId)
  if (student) await recordMedicalNoteRead(req, reader, role, student)
}

/** GET /api/admin/medical-note-reads: the newest reads first (at most 500), of one student when asked. */
export async function listMedicalNoteReads(req: PayloadRequest, studentId?: number): Promise<MedicalNoteReadDto[]> {
  const where: Where = studentId === undefined ? {} : { student: { equals: studentId } }
  const result = await req.payload.find({ collection: 'medical-note-reads', where, depth: 0, limit: 500, sort: ['-readAt', '-id'], req, overrideAccess: true })
  return (result.docs as MedicalNoteRead[]).map((doc) => ({
    id: doc.id,
    readAt: doc.readAt,
    reader: { id: optionalRelationId(doc.reader), name: doc.readerName, role: doc.readerRole },
    student: { id: optionalRelationId(doc.student), name: doc.studentName },
  }))
}
