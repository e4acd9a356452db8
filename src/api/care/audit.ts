import type { PayloadRequest, Where } from 'payload'

import type { MedicalNoteRead, Student, User } from '#cms/payload-types'
import { academyNow } from '#api/lib/academy-clock'
import { optionalRelationId } from '#api/lib/relations'
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
