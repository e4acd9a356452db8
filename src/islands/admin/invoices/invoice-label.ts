import type { InvoiceDto } from '#api/invoices/schemas'
import { formatDollars } from '#shared/money'

/**
 * How a confirmation names the invoice it acts on (issue 23): its number, the family and the
 * amount, "invoice #42 for Maria Rivera ($120.00)", so nobody destroys the wrong one.
 */
export function invoiceLabel(invoice: Pick<InvoiceDto, 'id' | 'payerName' | 'userId' | 'amount'>): string {
  return `invoice #${invoice.id} for ${invoice.payerName ?? `account ${invoice.userId}`} (${formatDollars(invoice.amount)})`
}
