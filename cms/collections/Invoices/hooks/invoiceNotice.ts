import type { CollectionAfterChangeHook } from 'payload'

import type { Invoice } from '#cms/payload-types'
import { noticeInvoiceIssued } from '#api/notices'

/** An invoice issued (by the tuition run, the console, a late fee, /cms) is in the family's inbox (decisions "Automatic notices"). */
export const noticeNewInvoice: CollectionAfterChangeHook<Invoice> = async ({ doc, operation, req }) => {
  if (operation === 'create') await noticeInvoiceIssued(req, doc)
  return doc
}
