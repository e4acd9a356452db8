import { useId, useState } from 'react'

import type { InvoiceDto } from '#api/invoices/schemas'
import { InvoiceLines } from '#islands/components/InvoiceLines'
import { BUTTON } from '#islands/components/ui/styles'

/**
 * An itemised invoice's lines, folded by default (issue 23): at 1,200 invoices the list shows
 * what each is, and the lines open on demand.
 */
export function InvoiceLinesToggle({ invoice, className = '' }: { invoice: InvoiceDto; className?: string }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const count = invoice.lines.length
  return (
    <div className={className}>
      <button type="button" className={`${BUTTON.quiet} -ml-4`} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? 'Hide' : 'Show'} {count} {count === 1 ? 'line' : 'lines'}
        <span className="sr-only"> of invoice #{invoice.id}</span>
      </button>
      <div id={id} hidden={!open}>
        {open ? <InvoiceLines invoice={invoice} className="mt-1 max-w-xl" /> : null}
      </div>
    </div>
  )
}
