import type { Access } from 'payload'

import { ownedByUser } from './ownedByUser'

/** Rows of a student (enrollments, waitlist entries) belong to the family that owns the student. */
export const studentOwnedByUser: Access = ownedByUser('student.user')
