import type { CollectionAfterChangeHook } from 'payload'

import type { Invoice } from '#cms/payload-types'
import { noticeInvoiceIssued } from '#api/notices'

/** An invoice issued (by the tuition run, the console, a late fee, /cms) is in the family's inbox (decisions "Automatic notices"). */
export const noticeNewInvoice: CollectionAfterChangeHook<Invoice> = async ({ context, doc, operation, req }) => {
  // `context.notices === false`: a write that is no event for families (the demo seed).
  if (operation === 'create' && context.notices !== false) await noticeInvoiceIssued(req, doc)
  return doc
}
