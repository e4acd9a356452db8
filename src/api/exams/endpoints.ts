import { defineEndpoint, idParam } from '#api/http'
import { findOwnStudent } from '#api/students'
import { answerEntry, examResultsOf, familyExamEntries } from './family'
import { adminExams } from './admin-list'
import { adminExamEntriesQuerySchema } from './admin-list.schemas'
import { confirmEntry, declineEntry, recordResult, withdrawEntry } from './review'
import { examResultInputSchema, examSessionInputSchema, proposeEntryInputSchema } from './schemas'
import { createSession } from './sessions'
import { proposeEntry, teachExams } from './teach'

/** Exams (issue 27, decisions §29): sessions, a teacher's proposals, the studio's confirmation, the family's answer, results. */
export const examEndpoints = [
  defineEndpoint('post', '/admin/exam-sessions', { role: 'admin', body: examSessionInputSchema }, async ({ req, body }) => createSession(req, body)),
  defineEndpoint('get', '/admin/exam-entries', { role: 'admin', query: adminExamEntriesQuerySchema }, async ({ req, query }) => adminExams(req, query)),
  defineEndpoint('post', '/admin/exam-entries/:id/confirm', { role: 'admin' }, async ({ req }) => confirmEntry(req, idParam(req))),
  defineEndpoint('post', '/admin/exam-entries/:id/decline', { role: 'admin' }, async ({ req }) => declineEntry(req, idParam(req))),
  defineEndpoint('post', '/admin/exam-entries/:id/withdraw', { role: 'admin' }, async ({ req }) => withdrawEntry(req, idParam(req))),
  defineEndpoint('put', '/admin/exam-entries/:id/result', { role: 'admin', body: examResultInputSchema }, async ({ req, body }) =>
    recordResult(req, idParam(req), body),
  ),

  defineEndpoint('get', '/teach/exams', { role: 'teacher' }, async ({ req, user }) => teachExams(req, user)),
  defineEndpoint('post', '/teach/exam-entries', { role: 'teacher', body: proposeEntryInputSchema }, async ({ req, user, body }) =>
    proposeEntry(req, user, body),
  ),

  defineEndpoint('get', '/exam-entries', { role: 'family' }, async ({ req, user }) => familyExamEntries(req, user)),
  defineEndpoint('post', '/exam-entries/:id/accept', { role: 'family' }, async ({ req, user }) => answerEntry(req, user, idParam(req), true)),
  defineEndpoint('post', '/exam-entries/:id/decline', { role: 'family' }, async ({ req, user }) => answerEntry(req, user, idParam(req), false)),
  defineEndpoint('get', '/students/:id/exam-results', { role: 'family' }, async ({ req, user }) =>
    examResultsOf(req, (await findOwnStudent(req, user, idParam(req))).id),
  ),
]
