import { defineEndpoint, idParam, stringParam } from '#api/http'
import { csvResponse } from '#api/lib/csv'
import { complianceCsv, complianceOf, listPolicies, remindUnsigned } from './compliance'
import { signatureEvidence } from './evidence'
import { outstandingPolicies } from './outstanding'
import { signedCopyDownload } from './signed-copy'
import { giveConsent, requiredPolicies, signPolicy, withdrawPolicy } from './signing'
import { complianceQuerySchema, consentInputSchema, requiredQuerySchema, signInputSchema, withdrawInputSchema } from './schemas'

/**
 * Policies and waivers (issue 26). `family` is any signed-in caller: a student or a signature
 * not of the caller's household answers 404 (administrators reach every one).
 */
export const policyEndpoints = [
  defineEndpoint('get', '/policies/required', { role: 'family', query: requiredQuerySchema }, async ({ req, user, query }) =>
    requiredPolicies(req, user, query.studentId, query.classIds),
  ),

  defineEndpoint('get', '/policies/outstanding', { role: 'family' }, async ({ req, user }) => outstandingPolicies(req, user)),

  defineEndpoint('post', '/policies/consent', { role: 'family', body: consentInputSchema }, async ({ req, user, body }) =>
    Response.json(await giveConsent(req, user, body.fullName), { status: 201 }),
  ),

  defineEndpoint('post', '/policies/:id/sign', { role: 'family', body: signInputSchema }, async ({ req, user, body }) =>
    Response.json(await signPolicy(req, user, idParam(req), body), { status: 201 }),
  ),

  defineEndpoint('post', '/policies/:id/withdraw', { role: 'family', body: withdrawInputSchema }, async ({ req, user, body }) =>
    Response.json(await withdrawPolicy(req, user, idParam(req), body), { status: 201 }),
  ),

  defineEndpoint('get', '/policies/signatures/:file', { role: 'family' }, async ({ req, user }) => signedCopyDownload(req, user, stringParam(req, 'file'))),

  defineEndpoint('get', '/admin/policies', { role: 'admin' }, async ({ req }) => listPolicies(req)),

  defineEndpoint('get', '/admin/policies/:id/compliance', { role: 'admin', query: complianceQuerySchema }, async ({ req, query }) =>
    complianceOf(req, idParam(req), query.classId).then(({ document, rows }) => ({ documentId: document.id, title: document.title, rows })),
  ),

  defineEndpoint('get', '/admin/policies/:id/compliance.csv', { role: 'admin', query: complianceQuerySchema }, async ({ req, query }) =>
    csvResponse(complianceCsv((await complianceOf(req, idParam(req), query.classId)).rows), `policy-${idParam(req)}-compliance.csv`),
  ),

  defineEndpoint('post', '/admin/policies/:id/remind', { role: 'admin', query: complianceQuerySchema }, async ({ req, query }) =>
    remindUnsigned(req, idParam(req), query.classId),
  ),

  defineEndpoint('get', '/admin/policies/signatures/:id', { role: 'admin' }, async ({ req }) => signatureEvidence(req, idParam(req))),
]
