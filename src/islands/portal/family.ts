/**
 * Pure rules of the portal screens over the family's data: the dashboard's upcoming and
 * recommended classes (spec §2, §5), and the schedule grid's days (spec §2 /schedule).
 */
import type { ClassDto } from '#api/classes/schemas'
import { ageGroupForAge, ageOn } from '#shared/eligibility'
import type { EnrollmentDto } from '#api/enrollment/schemas'
import { classWeekdays, sortByClassStart, WEEKDAYS, type Weekday, type WeekdayName } from '#shared/schedule'
import type { ClosureRange } from '#shared/closures'
import { weekdayOf } from '#shared/dates'
import { classDay, enrolledClassDay, weekDays, type ClassDay } from '#shared/week-schedule'
import type { WaitlistEntryDto } from '#api/waitlist/schemas'
import type { AbsenceDto, MakeupDto } from '#api/self-service/schemas'
import type { StudentDto } from '#api/students/schemas'

export const DASHBOARD_LIMIT = 3

/** Up to `limit` distinct classes the family's students attend, in enrollment order. */
export function upcomingClasses(enrollments: readonly EnrollmentDto[], limit = DASHBOARD_LIMIT): ClassDto[] {
  const seen = new Map<number, ClassDto>()
  for (const enrollment of enrollments) if (!seen.has(enrollment.classId)) seen.set(enrollment.classId, enrollment.class)
  return [...seen.values()].slice(0, limit)
}

/**
 * Up to `limit` classes whose age group is a student's computed age group (spec §5 "Age group
 * from age") and that this student does not attend yet. Students take turns, so a family with
 * two children sees suggestions for both; no class is suggested twice.
 */
export function recommendedClasses(
  students: readonly StudentDto[],
  enrollmentsByStudent: ReadonlyMap<number, readonly EnrollmentDto[]>,
  classes: readonly ClassDto[],
  today?: string,
  limit = DASHBOARD_LIMIT,
): ClassDto[] {
  const queues = students.map((student) => {
    const group = ageGroupForAge(ageOn(student.dateOfBirth, today))
    const attended = new Set((enrollmentsByStudent.get(student.id) ?? []).map((e) => e.classId))
    return classes.filter((cls) => cls.ageGroup === group && !attended.has(cls.id))
  })
  const picked = new Map<number, ClassDto>()
  for (let round = 0; picked.size < limit && queues.some((queue) => queue.length > round); round++) {
    for (const queue of queues) {
      const cls = queue[round]
      if (cls && !picked.has(cls.id)) picked.set(cls.id, cls)
      if (picked.size >= limit) break
    }
  }
  return [...picked.values()]
}

export type ScheduleEntry = { enrollment: EnrollmentDto; student: StudentDto }

/**
 * The week as seven lists, Monday first: each enrollment on every weekday its class meets (its
 * structured weekdays, else what its `days` text names; decisions §14), sorted by start time.
 * `studentId` keeps one student's classes only.
 */
export function weekSchedule(entries: readonly ScheduleEntry[], studentId: number | null = null): ScheduleEntry[][] {
  const days: ScheduleEntry[][] = [[], [], [], [], [], [], []]
  for (const entry of entries) {
    if (studentId !== null && entry.student.id !== studentId) continue
    for (const day of classWeekdays(entry.enrollment.class)) days[day as Weekday]!.push(entry)
  }
  return days.map((list) => sortByClassStart(list, (entry) => entry.enrollment.class))
}

/**
 * A class on a day of the dated week: an enrollment (meeting or not, and why; `absence` when the
 * child will miss it or missed it), a place in line, or a makeup booked for an absence.
 */
export type WeekItem =
  | { kind: 'enrolled'; key: string; entry: ScheduleEntry; cls: ClassDto; status: ClassDay; absence: AbsenceDto | null }
  | { kind: 'waitlisted'; key: string; waitlist: WaitlistEntryDto; cls: ClassDto }
  | { kind: 'makeup'; key: string; makeup: MakeupDto; absence: AbsenceDto; student: StudentDto; cls: Pick<ClassDto, 'startTime' | 'endTime' | 'time'> }

export type WeekDay = { day: string; weekday: WeekdayName; items: WeekItem[] }

/**
 * The week starting `monday` on real dates, Monday first: each enrollment on every weekday its
 * class meets with what it does that day (`classDay`: it meets, a closure of the class or of the
 * academy, or outside its term), and each student still in line for a class (waiting or offered,
 * decisions §15) on that class's weekdays, sorted by start time. An absence marks its class on
 * its day, and the makeup booked for it is an item of its own on the makeup's day (issue 41).
 * `studentId` keeps one student.
 */
export function datedWeek(input: {
  monday: string
  entries: readonly ScheduleEntry[]
  waitlist?: readonly WaitlistEntryDto[]
  classesById?: ReadonlyMap<number, ClassDto>
  academyClosures?: readonly ClosureRange[]
  absences?: readonly AbsenceDto[]
  studentId?: number | null
}): WeekDay[] {
  const { monday, entries, waitlist = [], classesById = new Map(), academyClosures = [], absences = [], studentId = null } = input
  const absenceOf = new Map(absences.map((absence) => [`${absence.studentId}:${absence.classId}:${absence.date}`, absence]))
  const studentsById = new Map(entries.map((entry) => [entry.student.id, entry.student]))
  const lined = waitlist.filter((item) => (item.status === 'waiting' || item.status === 'offered') && (studentId === null || item.studentId === studentId))
  return weekDays(monday).map((day) => {
    const items: WeekItem[] = []
    for (const entry of entries) {
      if (studentId !== null && entry.student.id !== studentId) continue
      const cls = entry.enrollment.class
      const status = enrolledClassDay(cls, entry.enrollment, day, academyClosures)
      if (!status) continue
      const absence = status.kind === 'meets' ? (absenceOf.get(`${entry.student.id}:${cls.id}:${day}`) ?? null) : null
      items.push({ kind: 'enrolled', key: `e${entry.enrollment.id}`, entry, cls, status, absence })
    }
    for (const absence of absences) {
      const student = studentsById.get(absence.studentId)
      const makeup = absence.makeup
      if (!makeup || makeup.date !== day || !student || (studentId !== null && absence.studentId !== studentId)) continue
      const cls = classesById.get(makeup.classId) ?? { startTime: null, endTime: null, time: makeup.time }
      items.push({ kind: 'makeup', key: `m${makeup.id}`, makeup, absence, student, cls })
    }
    for (const item of lined) {
      const cls = classesById.get(item.classId)
      if (cls && classDay(cls, day, academyClosures)) items.push({ kind: 'waitlisted', key: `w${item.id}`, waitlist: item, cls })
    }
    return { day, weekday: WEEKDAYS[weekdayOf(day)], items: sortByClassStart(items, (item) => item.cls) }
  })
}
