import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest, Sort, Where } from 'payload'

import type { Invoice } from '#cms/payload-types'
import { queryInTransaction } from '#api/lib/database'

/**
 * The server's two ways into the invoices table, shared by credits, late fees, the tuition run
 * and the invoice actions: every invoice matching a filter (as the server, in the request's
 * transaction, unpaginated), and the row lock that makes payments, voids and deletions of one
 * invoice take turns.
 */

/** Every invoice matching `where`, read as the server in the request's transaction, in `sort` order (Payload's default when none). */
export async function findInvoicesAsServer(req: PayloadRequest, where: Where, sort?: Sort): Promise<Invoice[]> {
  const { docs } = await req.payload.find({ collection: 'invoices', req, overrideAccess: true, depth: 0, limit: 0, pagination: false, sort, where })
  return docs as Invoice[]
}

/** Locks the invoice's row until the transaction ends; false when there is no such invoice. */
export async function lockInvoiceRow(req: PayloadRequest, id: number): Promise<boolean> {
  const rows = await queryInTransaction<{ id: number }>(req, sql`SELECT id FROM invoices WHERE id = ${id} FOR UPDATE`)
  return rows.length > 0
}
