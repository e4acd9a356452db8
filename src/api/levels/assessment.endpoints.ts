import { defineEndpoint, idParam } from '#api/http'
import { examResultsOf } from '#api/exams'
import { pdfResponse } from '#api/lib/pdf-document'
import { reportCard, reportCardPdf } from './report-card-pdf'
import { assessmentMarkInputSchema, assessmentWindowInputSchema } from './assessment.schemas'
import { chooseMark, reportCards, reviewWindow } from './assessment-review'
import { assessmentSheet, recordMark } from './assessment-sheet'
import { createAssessmentWindow, listAssessmentWindows, listTeachAssessments, publishWindow, updateAssessmentWindow } from './assessment-windows'

/**
 * Assessments (issue 27). `teacher` is a teacher or an administrator; a teacher reaches only
 * their own classes (404 for another's). `family` is any signed-in caller: the report cards
 * answer 404 unless the caller may see the student, and hold only published windows.
 */
export const assessmentEndpoints = [
  defineEndpoint('post', '/admin/assessment-windows', { role: 'admin', body: assessmentWindowInputSchema }, async ({ req, body }) =>
    Response.json(await createAssessmentWindow(req, body), { status: 201 }),
  ),

  defineEndpoint('put', '/admin/assessment-windows/:id', { role: 'admin', body: assessmentWindowInputSchema }, async ({ req, body }) =>
    updateAssessmentWindow(req, idParam(req), body),
  ),

  defineEndpoint('get', '/admin/assessment-windows', { role: 'admin' }, async ({ req }) => listAssessmentWindows(req)),

  defineEndpoint('get', '/admin/assessment-windows/:id/review', { role: 'admin' }, async ({ req }) => reviewWindow(req, idParam(req))),

  defineEndpoint('post', '/admin/assessment-marks/:id/choose', { role: 'admin' }, async ({ req }) => chooseMark(req, idParam(req))),

  defineEndpoint('post', '/admin/assessment-windows/:id/publish', { role: 'admin' }, async ({ req }) => publishWindow(req, idParam(req))),

  defineEndpoint('get', '/teach/assessments', { role: 'teacher' }, async ({ req, user }) => listTeachAssessments(req, user)),

  defineEndpoint('get', '/teach/assessments/:id/classes/:classId', { role: 'teacher' }, async ({ req, user }) =>
    assessmentSheet(req, user, idParam(req), idParam(req, 'classId')),
  ),

  defineEndpoint('put', '/teach/assessment-marks', { role: 'teacher', body: assessmentMarkInputSchema }, async ({ req, user, body }) =>
    recordMark(req, user, body),
  ),

  defineEndpoint('get', '/students/:id/report-cards', { role: 'family' }, async ({ req, user }) => reportCards(req, user, idParam(req))),

  defineEndpoint('get', '/students/:id/report-cards/:windowId/pdf', { role: 'family' }, async ({ req, user }) => {
    // 404 before anything else is read; then the student's exam results (exams build on levels: read here, passed in).
    const card = await reportCard(req, user, idParam(req), idParam(req, 'windowId'))
    const { bytes, filename } = await reportCardPdf(req, card, await examResultsOf(req, idParam(req)))
    return pdfResponse(bytes, filename)
  }),
]
