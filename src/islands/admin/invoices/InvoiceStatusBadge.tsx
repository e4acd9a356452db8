import type { InvoiceStatus } from '#api/invoices/billing.schemas'
import { Badge, type BadgeTone } from '#islands/components/ui/Badge'

/** Spec §4: paid green, pending yellow, overdue red, cancelled grey. */
export const INVOICE_STATUS_TONE: Record<InvoiceStatus, BadgeTone> = {
  paid: 'green',
  pending: 'yellow',
  overdue: 'red',
  cancelled: 'grey',
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={INVOICE_STATUS_TONE[status]}>{status}</Badge>
}
