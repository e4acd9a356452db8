import type { PayloadRequest, Where } from 'payload'

import { DEFAULT_PAGE_SIZE } from '#api/lib/paging.schemas'
import { monthBounds, monthOf } from '#shared/dates'
import type { AdminInvoiceListQuery, InvoicePageDto } from './invoice-list.schemas'
import { toInvoiceDto } from './invoices'

/**
 * One page of every family's invoices, newest first, for the admin console at real size
 * (issue 23: 150 households, 1,200 invoices). The household search matches the name and email
 * copied onto the invoice (decisions §2: the record survives the account) and the account's
 * current ones, so a family that changed its name is found by either.
 */
export async function searchInvoices(req: PayloadRequest, query: AdminInvoiceListQuery): Promise<InvoicePageDto> {
  const and: Where[] = []
  const text = query.q?.trim()
  if (text) {
    const accounts = await req.payload.find({
      collection: 'users',
      req,
      overrideAccess: false,
      depth: 0,
      limit: 0,
      pagination: false,
      select: {},
      where: { or: [{ fullName: { contains: text } }, { email: { contains: text } }] },
    })
    const household: Where[] = [{ payerName: { contains: text } }, { payerEmail: { contains: text } }]
    if (accounts.docs.length > 0) household.push({ userId: { in: accounts.docs.map((doc) => doc.id) } })
    and.push({ or: household })
  }
  if (query.status) and.push({ status: { equals: query.status } })
  if (query.month) {
    // A due date is a calendar day, stored at the start of its day in UTC (toInvoiceDto reads it back so).
    const next = monthBounds(monthOf(`${query.month}-01`, 1)).first
    and.push({ dueDate: { greater_than_equal: `${monthBounds(query.month).first}T00:00:00.000Z` } })
    and.push({ dueDate: { less_than: `${next}T00:00:00.000Z` } })
  }
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE
  const result = await req.payload.find({
    collection: 'invoices',
    req,
    overrideAccess: false,
    depth: 0,
    where: and.length > 0 ? { and } : {},
    page: query.page ?? 1,
    limit: pageSize,
    sort: ['-createdAt', '-id'],
  })
  return {
    items: result.docs.map(toInvoiceDto),
    total: result.totalDocs,
    page: query.page ?? 1,
    pageSize,
    pageCount: Math.max(1, Math.ceil(result.totalDocs / pageSize)),
  }
}
