import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest, Where } from 'payload'

import type { Invoice, User } from '#cms/payload-types'
import { badInput, conflict, notFound } from '#api/errors'
import type { InvoiceStatus } from '#api/schemas/billing'
import { centsToDollars, dollarsToCents } from '#shared/money'
import { INVOICE_IN_USE, INVOICE_MESSAGES, type CreateInvoiceInput, type InvoiceDto } from '#api/schemas/invoices'
import { inTransaction, queryInTransaction } from './transaction'

export const INVOICE_NOT_FOUND = 'Invoice not found.'

/** The one shape an invoice leaves the server in: dollars, and the due date as a calendar day. */
export function toInvoiceDto(doc: Invoice): InvoiceDto {
  return {
    id: doc.id,
    userId: doc.userId,
    amount: centsToDollars(doc.amountCents),
    description: doc.description,
    status: doc.status,
    dueDate: new Date(doc.dueDate).toISOString().slice(0, 10),
    createdAt: new Date(doc.createdAt).toISOString(),
    payerName: doc.payerName ?? null,
    payerEmail: doc.payerEmail ?? null,
  }
}

/** The caller's own invoices, newest first — an administrator's too, since /billing pays only one's own (spec §7). */
export async function listInvoices(req: PayloadRequest): Promise<InvoiceDto[]> {
  if (!req.user) return []
  return findInvoices(req, { userId: { equals: req.user.id } })
}

/** Every family's invoices, newest first: the admin console's billing tab. */
export async function listAllInvoices(req: PayloadRequest): Promise<InvoiceDto[]> {
  return findInvoices(req, {})
}

async function findInvoices(req: PayloadRequest, where: Where): Promise<InvoiceDto[]> {
  const result = await req.payload.find({
    collection: 'invoices',
    req,
    overrideAccess: false,
    where,
    depth: 0,
    limit: 0,
    pagination: false,
    sort: ['-createdAt', '-id'],
  })
  return result.docs.map(toInvoiceDto)
}

/**
 * Issues an invoice to an existing account. The amount is stored as exact integer cents, and
 * the payer's name and email are copied so the record survives the account (decisions §2).
 */
export async function createInvoice(req: PayloadRequest, input: CreateInvoiceInput): Promise<InvoiceDto> {
  const payer = (await req.payload.findByID({ collection: 'users', id: input.userId, req, overrideAccess: true, depth: 0, disableErrors: true })) as User | null
  if (!payer) throw badInput(INVOICE_MESSAGES.user, [{ path: 'userId', message: INVOICE_MESSAGES.user }])
  const doc = await req.payload.create({
    collection: 'invoices',
    req,
    overrideAccess: false,
    depth: 0,
    data: {
      userId: payer.id,
      payerName: payer.fullName,
      payerEmail: payer.email,
      amountCents: dollarsToCents(input.amount),
      description: input.description,
      status: input.status,
      dueDate: input.dueDate,
    },
  })
  return toInvoiceDto(doc)
}

async function findInvoice(req: PayloadRequest, id: number): Promise<Invoice> {
  const doc = (await req.payload.findByID({ collection: 'invoices', id, req, overrideAccess: false, depth: 0, disableErrors: true })) as Invoice | null
  if (!doc) throw notFound(INVOICE_NOT_FOUND)
  return doc
}

export async function setInvoiceStatus(req: PayloadRequest, id: number, status: InvoiceStatus): Promise<InvoiceDto> {
  await findInvoice(req, id)
  const doc = await req.payload.update({ collection: 'invoices', id, req, overrideAccess: false, depth: 0, data: { status } })
  return toInvoiceDto(doc)
}

/** Deletes an invoice unless a completed payment records that it was paid: that history stays. */
export async function deleteInvoice(req: PayloadRequest, id: number): Promise<void> {
  await inTransaction(req, async () => {
    await findInvoice(req, id)
    // Holds the row until commit, so a payment being recorded for it meanwhile waits or fails.
    await queryInTransaction(req, sql`SELECT id FROM invoices WHERE id = ${id} FOR UPDATE`)
    const { totalDocs } = await req.payload.count({
      collection: 'payments',
      req,
      overrideAccess: true,
      where: { and: [{ invoice: { equals: id } }, { status: { equals: 'completed' } }] },
    })
    if (totalDocs > 0) throw conflict(INVOICE_IN_USE)
    await req.payload.delete({ collection: 'invoices', id, req, overrideAccess: false, depth: 0 })
  })
}
