import { useQueries } from '@tanstack/react-query'
import { useMemo } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import type { EnrollmentDto } from '#api/enrollment/schemas'
import type { StudentDto } from '#api/students/schemas'
import { useStudents } from '#islands/api/students/list-students'
import { studentEnrollmentsQueryOptions } from '#islands/api/enrollment/list-student-enrollments'

export type Family = {
  /** The account's own students (an administrator's list of everyone is narrowed to their own). */
  students: StudentDto[]
  studentsPending: boolean
  studentsError: unknown
  refetchStudents: () => void
  enrollmentsByStudent: Map<number, EnrollmentDto[]>
  enrollmentsPending: boolean
  enrollmentsError: unknown
  /** Every enrollment of the family, students in list order. */
  allEnrollments: EnrollmentDto[]
}

/** The family's students and each one's enrollments (one call per student, in parallel). */
export function useFamily(user: UserDto): Family {
  const studentsQuery = useStudents()
  const students = useMemo(() => (studentsQuery.data ?? []).filter((student) => student.userId === user.householdId), [studentsQuery.data, user.householdId])
  const enrollments = useQueries({
    queries: students.map((student) => studentEnrollmentsQueryOptions(student.id)),
    combine: (results) => ({
      pending: results.some((result) => result.isPending),
      error: results.find((result) => result.isError)?.error ?? null,
      lists: results.map((result) => result.data),
    }),
  })
  const enrollmentsByStudent = useMemo(() => {
    const map = new Map<number, EnrollmentDto[]>()
    students.forEach((student, i) => {
      const list = enrollments.lists[i]
      if (list) map.set(student.id, list)
    })
    return map
  }, [students, enrollments.lists])
  return {
    students,
    studentsPending: studentsQuery.isPending,
    studentsError: studentsQuery.error,
    refetchStudents: () => void studentsQuery.refetch(),
    enrollmentsByStudent,
    enrollmentsPending: studentsQuery.isPending || enrollments.pending,
    enrollmentsError: enrollments.error,
    allEnrollments: students.flatMap((student) => enrollmentsByStudent.get(student.id) ?? []),
  }
}
