import { describe, expect, it } from 'vitest'

import type { ClassDto } from '#api/classes/schemas'
import type { EnrollmentDto } from '#api/enrollment/schemas'
import type { StudentDto } from '#api/students/schemas'
import type { WaitlistEntryDto } from '#api/waitlist/schemas'
import type { AbsenceDto, MakeupDto } from '#api/self-service/schemas'
import { datedWeek, recommendedClasses, upcomingClasses, weekSchedule } from './family'

const TODAY = '2026-11-21'

function cls(id: number, ageGroup: string, extra: Partial<ClassDto> = {}): ClassDto {
  return {
    id,
    name: `Class ${id}`,
    description: 'A class.',
    ageGroup,
    level: 'Beginner',
    days: 'Monday & Wednesday',
    time: '4:00-5:00pm',
    location: 'Studio A',
    instructor: 'Ms. A',
    price: 6500,
    capacity: null,
    weekdays: [],
    startTime: null,
    endTime: null,
    room: null,
    termStart: null,
    termEnd: null,
    closures: [],
    ...extra,
  }
}

const student = (id: number, dateOfBirth: string, fullName = `Student ${id}`): StudentDto => ({
  id,
  userId: 1,
  fullName,
  dateOfBirth,
  experienceLevel: 'Beginner',
  emergencyContact: null,
})
const enroll = (id: number, s: StudentDto, c: ClassDto): EnrollmentDto => ({
  id,
  studentId: s.id,
  classId: c.id,
  enrollmentDate: TODAY,
  endDate: null,
  class: c,
})

const CATALOGUE = [cls(1, '3-5'), cls(2, '6-8'), cls(3, '6-8'), cls(4, '6-8'), cls(5, '13-17'), cls(6, '13-17'), cls(7, '18+'), cls(8, '5-8')]

describe("the dashboard's recommended classes", () => {
  it("suggests classes of the student's computed age group only", () => {
    const seven = student(1, '2019-10-01')
    expect(recommendedClasses([seven], new Map(), CATALOGUE, TODAY).map((c) => c.id)).toEqual([2, 3, 4])
  })

  it('leaves out classes the student already attends', () => {
    const seven = student(1, '2019-10-01')
    const enrollments = new Map([[1, [enroll(1, seven, CATALOGUE[1]!)]]])
    expect(recommendedClasses([seven], enrollments, CATALOGUE, TODAY).map((c) => c.id)).toEqual([3, 4])
  })

  it('takes turns between students, at most three in all', () => {
    const seven = student(1, '2019-10-01')
    const fifteen = student(2, '2011-05-05')
    expect(recommendedClasses([seven, fifteen], new Map(), CATALOGUE, TODAY).map((c) => c.id)).toEqual([2, 5, 3])
  })

  it('moves a child to the next group on the birthday', () => {
    const turnsSix = student(1, '2020-11-21')
    expect(recommendedClasses([turnsSix], new Map(), CATALOGUE, '2026-11-20').map((c) => c.id)).toEqual([1])
    expect(recommendedClasses([turnsSix], new Map(), CATALOGUE, TODAY).map((c) => c.id)).toEqual([2, 3, 4])
  })

  it('suggests nothing without students', () => {
    expect(recommendedClasses([], new Map(), CATALOGUE, TODAY)).toEqual([])
  })
})

describe("the dashboard's upcoming classes", () => {
  it('lists each class once, at most three', () => {
    const a = student(1, '2019-10-01')
    const b = student(2, '2019-01-01')
    const list = [
      enroll(1, a, CATALOGUE[1]!),
      enroll(2, b, CATALOGUE[1]!),
      enroll(3, a, CATALOGUE[2]!),
      enroll(4, a, CATALOGUE[3]!),
      enroll(5, b, CATALOGUE[4]!),
    ]
    expect(upcomingClasses(list).map((c) => c.id)).toEqual([2, 3, 4])
  })
})

describe('the weekly schedule', () => {
  const mia = student(1, '2019-10-01', 'Mia Rivera')
  const leo = student(2, '2011-05-05', 'Leo Rivera')
  const evening = cls(10, '6-8', { name: 'Evening', days: 'Monday & Wednesday', time: '6:00-7:00pm' })
  const afternoon = cls(11, '6-8', { name: 'Afternoon', days: 'Mon', time: '4:00-5:00pm' })
  const saturday = cls(12, '13-17', { name: 'Saturday', days: 'Saturday', time: '10:30am-12:00pm' })
  const entries = [
    { enrollment: enroll(1, mia, evening), student: mia },
    { enrollment: enroll(2, mia, afternoon), student: mia },
    { enrollment: enroll(3, leo, saturday), student: leo },
  ]

  it('puts each class on every day it meets, sorted by start time', () => {
    const week = weekSchedule(entries)
    expect(week.map((day) => day.map((e) => e.enrollment.class.name))).toEqual([['Afternoon', 'Evening'], [], ['Evening'], [], [], ['Saturday'], []])
  })

  it('reads the structured weekdays and times before the texts', () => {
    const structured = cls(13, '6-8', {
      name: 'Structured',
      days: 'by arrangement',
      time: 'varies',
      weekdays: ['Tuesday', 'Friday'],
      startTime: '07:15',
      endTime: '08:00',
    })
    const late = cls(14, '6-8', { name: 'Late', days: 'Tuesday', time: '9:00-10:00am' })
    const week = weekSchedule([
      { enrollment: enroll(4, mia, late), student: mia },
      { enrollment: enroll(5, mia, structured), student: mia },
    ])
    expect(week.map((day) => day.map((e) => e.enrollment.class.name))).toEqual([[], ['Structured', 'Late'], [], [], ['Structured'], [], []])
  })

  it("keeps one student's classes when filtered", () => {
    const week = weekSchedule(entries, leo.id)
    expect(week.flat().map((e) => e.student.fullName)).toEqual(['Leo Rivera'])
  })
})

describe('the dated week (issue 23)', () => {
  const mia = student(7, '2019-03-01', 'Mia Rivera')
  const tuesdays = cls(21, '6-8', { name: 'Tuesdays', days: 'Tuesday', weekdays: ['Tuesday'], startTime: '16:00', endTime: '17:00', time: '4:00-5:00pm' })
  const full = cls(22, '6-8', { name: 'Full', days: 'Tuesday', weekdays: ['Tuesday'], startTime: '15:00', endTime: '16:00', time: '3:00-4:00pm' })
  const line = (status: WaitlistEntryDto['status'], position: number | null): WaitlistEntryDto => ({
    id: 1,
    studentId: mia.id,
    studentName: mia.fullName,
    classId: full.id,
    className: full.name,
    status,
    position,
    joinedAt: '2026-11-01T10:00:00Z',
    offeredAt: null,
    offerExpiresAt: null,
  })

  it('puts each class on its date, closed on an academy closure with its label, and the waitlisted class beside it', () => {
    const week = datedWeek({
      monday: '2026-11-23',
      entries: [{ enrollment: enroll(9, mia, tuesdays), student: mia }],
      waitlist: [line('waiting', 2)],
      classesById: new Map([[full.id, full]]),
      academyClosures: [{ start: '2026-11-24', end: '2026-11-27', label: 'Thanksgiving' }],
    })
    expect(week.map((day) => day.day)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'])
    expect(week[1]!.weekday).toBe('Tuesday')
    expect(
      week[1]!.items.map((item) => [
        item.kind,
        item.kind === 'makeup' ? null : item.cls.name,
        item.kind === 'enrolled' ? item.status : item.kind === 'waitlisted' ? item.waitlist.position : null,
      ]),
    ).toEqual([
      ['waitlisted', 'Full', 2],
      ['enrolled', 'Tuesdays', { kind: 'closed', label: 'Thanksgiving' }],
    ])
    expect(week.filter((day) => day.items.length > 0)).toHaveLength(1)
  })

  it("shows a child's class from the child's first class on, and not after the child has left it", () => {
    const joined = { ...enroll(9, mia, tuesdays), enrollmentDate: '2026-12-02', endDate: '2026-12-15' }
    const week = (monday: string) => datedWeek({ monday, entries: [{ enrollment: joined, student: mia }] })[1]!.items
    expect(week('2026-11-30').map((item) => item.kind === 'enrolled' && item.status)).toEqual([{ kind: 'before-first-class', firstClass: '2026-12-08' }])
    expect(week('2026-12-07').map((item) => item.kind === 'enrolled' && item.status)).toEqual([{ kind: 'meets' }])
    expect(week('2026-12-14').map((item) => item.kind === 'enrolled' && item.status)).toEqual([{ kind: 'meets' }])
    expect(week('2026-12-21')).toEqual([])
  })

  it('marks an absence on its class and day, and puts its makeup on the makeup day in the makeup class', () => {
    const thursdays = cls(23, '6-8', { name: 'Thursdays', days: 'Thursday', weekdays: ['Thursday'], startTime: '17:00', endTime: '18:00', time: '5:00-6:00pm' })
    const makeup: MakeupDto = {
      id: 4,
      classId: thursdays.id,
      className: 'Thursdays',
      date: '2026-12-03',
      time: '5:00-6:00pm',
      location: 'Studio B',
      cancellable: true,
    }
    const absence = (date: string, booked: MakeupDto | null): AbsenceDto => ({
      id: 7,
      studentId: mia.id,
      classId: tuesdays.id,
      className: 'Tuesdays',
      date,
      reportedBy: 'family',
      cancellable: booked === null,
      canBookMakeup: booked === null,
      makeupWindow: { first: '2026-11-24', last: '2026-12-15' },
      makeup: booked,
    })
    const base = { monday: '2026-11-30', entries: [{ enrollment: enroll(9, mia, tuesdays), student: mia }], classesById: new Map([[thursdays.id, thursdays]]) }
    const week = datedWeek({ ...base, absences: [absence('2026-12-01', makeup)] })
    expect(week[1]!.items).toMatchObject([{ kind: 'enrolled', status: { kind: 'meets' }, absence: { date: '2026-12-01', makeup: { date: '2026-12-03' } } }])
    expect(week[3]!.items).toMatchObject([{ kind: 'makeup', key: 'm4', makeup: { className: 'Thursdays' }, student: { id: mia.id } }])
    // Another week's Tuesday is not absent; another child's filter hides the makeup.
    expect(datedWeek({ ...base, monday: '2026-12-07', absences: [absence('2026-12-01', makeup)] })[1]!.items).toMatchObject([{ absence: null }])
    expect(datedWeek({ ...base, absences: [absence('2026-12-01', makeup)], studentId: 99 }).flatMap((day) => day.items)).toEqual([])
    // Without a makeup the absence is marked all the same, and no other day gains an item.
    const alone = datedWeek({ ...base, absences: [absence('2026-12-01', null)] })
    expect(alone[1]!.items).toMatchObject([{ absence: { makeup: null } }])
    expect(alone.flatMap((day) => day.items)).toHaveLength(1)
  })

  it('leaves out places no longer in line and other students when filtered', () => {
    const base = { monday: '2026-11-30', entries: [{ enrollment: enroll(9, mia, tuesdays), student: mia }], classesById: new Map([[full.id, full]]) }
    expect(datedWeek({ ...base, waitlist: [line('accepted', null)] })[1]!.items.map((item) => item.kind)).toEqual(['enrolled'])
    expect(datedWeek({ ...base, waitlist: [line('offered', null)], studentId: 99 })[1]!.items).toEqual([])
    expect(datedWeek({ ...base, waitlist: [line('offered', null)] })[1]!.items[0]).toMatchObject({ kind: 'waitlisted' })
  })
})
