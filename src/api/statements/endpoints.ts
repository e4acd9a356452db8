import { defineEndpoint, idParam } from '#api/http'
import { familyStatement } from './statements'

/** Statements (decisions §11): a family reads its own; administrators read any family's. */
export const statementEndpoints = [
  defineEndpoint('get', '/billing/statement', { role: 'family', signedInReplay: {} }, async ({ req, user }) => familyStatement(req, user)),

  defineEndpoint('get', '/admin/families/:userId/statement', { role: 'admin' }, async ({ req, user }) => familyStatement(req, user, idParam(req, 'userId'))),
]
