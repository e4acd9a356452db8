import type { InvoiceDto, InvoiceLineDto } from '#api/invoices/schemas'

/**
 * Whether an invoice has lines worth showing: a hand-made invoice comes back as one line that
 * only repeats its own description and amount, and listing that line again says nothing.
 */
export function isItemised(invoice: Pick<InvoiceDto, 'description' | 'amount' | 'kind' | 'lines'>): boolean {
  if (invoice.kind !== 'manual' || invoice.lines.length !== 1) return invoice.lines.length > 0
  const [line] = invoice.lines as [InvoiceLineDto]
  return line.description !== invoice.description || line.studentId != null || line.classId != null
}
