import { describe, expect, it } from 'vitest'

import type { ClassDto } from '#api/classes/schemas'
import type { AdminEnrollmentDto } from '#api/enrollment/schemas'
import type { StudentDto } from '#api/students/schemas'
import { classesToAdd, enrollmentsOf } from './student-filters'

const student = (id: number, userId: number): StudentDto => ({
  id,
  userId,
  fullName: `Student ${id}`,
  dateOfBirth: '2018-04-12',
  experienceLevel: 'Beginner',
  emergencyContact: null,
})
const klass = (id: number, name: string) => ({ id, name }) as ClassDto
const enrollment = (id: number, studentId: number, classId: number, name: string) =>
  ({ id, studentId, classId, enrollmentDate: '2026-01-01', class: klass(classId, name), student: student(studentId, 0) }) as AdminEnrollmentDto

const classes = [klass(100, 'Tap'), klass(101, 'Ballet I'), klass(102, 'Jazz')]
const enrollments = [enrollment(1, 1, 100, 'Tap'), enrollment(2, 3, 100, 'Tap'), enrollment(3, 1, 101, 'Ballet I')]

describe('the Students tab', () => {
  it('offers only classes the student is not in yet, by name', () => {
    expect(classesToAdd(classes, enrollments, 1).map((c) => c.name)).toEqual(['Jazz'])
    expect(classesToAdd(classes, enrollments, 2).map((c) => c.name)).toEqual(['Ballet I', 'Jazz', 'Tap'])
  })

  it("lists a student's enrollments by class name", () => {
    expect(enrollmentsOf(enrollments, 1).map((e) => e.class.name)).toEqual(['Ballet I', 'Tap'])
  })
})
