import { defineEndpoint, idParam } from '#api/http'
import { attendanceCsv, classRoster, listAttendance, listTeachClasses, markAttendance } from './attendance'
import { csvResponse } from '#api/lib/csv'
import { attendanceListQuerySchema, attendanceMarkSchema, rosterQuerySchema } from './schemas'

/** Teachers and attendance (decisions §9): teachers for their own classes, administrators for all. */
export const attendanceEndpoints = [
  defineEndpoint('get', '/teach/classes', { role: 'teacher' }, async ({ req, user }) => listTeachClasses(req, user)),

  defineEndpoint('get', '/teach/classes/:id/roster', { role: 'teacher', query: rosterQuerySchema }, async ({ req, user, query }) =>
    classRoster(req, user, idParam(req), query.date),
  ),

  defineEndpoint('put', '/teach/attendance', { role: 'teacher', body: attendanceMarkSchema }, async ({ req, user, body }) => markAttendance(req, user, body)),

  defineEndpoint('get', '/admin/attendance', { role: 'admin', query: attendanceListQuerySchema }, async ({ req, query }) => listAttendance(req, query)),

  defineEndpoint('get', '/admin/attendance.csv', { role: 'admin', query: attendanceListQuerySchema }, async ({ req, query }) => {
    return csvResponse(attendanceCsv(await listAttendance(req, query)), 'attendance.csv')
  }),
]
