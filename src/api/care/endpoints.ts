import { defineEndpoint, idParam } from '#api/http'
import { csvResponse } from '#api/lib/csv'
import { listMedicalNoteReads } from './audit'
import { readCare, saveCare } from './care'
import { readPickupPhoto, removePickupPhoto, savePickupPhoto } from './pickup-photo'
import { addPickup, removePickup, updatePickup } from './pickups'
import { careInputSchema, careQuerySchema, medicalNoteReadsQuerySchema, pickupInputSchema, pickupPhotoSchema } from './schemas'
import { studentsCareCsv } from './students-csv'

/**
 * Care information and authorised pickups (issue 24). `family` is any signed-in caller: the
 * operations answer 404 unless the caller is the student's family, an administrator or (reads
 * only) a teacher of one of the student's classes.
 */
export const careEndpoints = [
  defineEndpoint('get', '/students/:id/care', { role: 'family', query: careQuerySchema }, async ({ req, user, query }) =>
    readCare(req, user, idParam(req), query.medicalNotes !== '0'),
  ),

  defineEndpoint('put', '/students/:id/care', { role: 'family', body: careInputSchema }, async ({ req, user, body }) =>
    saveCare(req, user, idParam(req), body),
  ),

  defineEndpoint('post', '/students/:id/pickups', { role: 'family', body: pickupInputSchema }, async ({ req, user, body }) =>
    Response.json(await addPickup(req, user, idParam(req), body), { status: 201 }),
  ),

  defineEndpoint('patch', '/students/:id/pickups/:pickupId', { role: 'family', body: pickupInputSchema }, async ({ req, user, body }) =>
    updatePickup(req, user, idParam(req), idParam(req, 'pickupId'), body),
  ),

  defineEndpoint('delete', '/students/:id/pickups/:pickupId', { role: 'family' }, async ({ req, user }) =>
    removePickup(req, user, idParam(req), idParam(req, 'pickupId')),
  ),

  defineEndpoint('put', '/students/:id/pickups/:pickupId/photo', { role: 'family', body: pickupPhotoSchema }, async ({ req, user, body }) =>
    savePickupPhoto(req, user, idParam(req), idParam(req, 'pickupId'), body),
  ),

  defineEndpoint('delete', '/students/:id/pickups/:pickupId/photo', { role: 'family' }, async ({ req, user }) =>
    removePickupPhoto(req, user, idParam(req), idParam(req, 'pickupId')),
  ),

  defineEndpoint('get', '/students/:id/pickups/:pickupId/photo', { role: 'family' }, async ({ req, user }) =>
    readPickupPhoto(req, user, idParam(req), idParam(req, 'pickupId')),
  ),

  defineEndpoint('get', '/admin/medical-note-reads', { role: 'admin', query: medicalNoteReadsQuerySchema }, async ({ req, query }) =>
    listMedicalNoteReads(req, query.studentId),
  ),

  defineEndpoint('get', '/admin/students.csv', { role: 'admin' }, async ({ req }) => csvResponse(await studentsCareCsv(req), 'students.csv')),
]
