import type { InvoiceDto } from '#api/invoices/schemas'
import { formatCents } from '#shared/money'

/**
 * What an invoice is made of, one list item per line: what it is, the student and class it is
 * for, why it is there (the explanation the tuition run wrote on it), and its amount (a discount
 * or credit is negative). Used under an invoice on /billing and
 * in the admin console.
 */
export function InvoiceLines({ invoice, className = '' }: { invoice: Pick<InvoiceDto, 'id' | 'lines'>; className?: string }) {
  return (
    <ul aria-label={`Lines of invoice #${invoice.id}`} className={`divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white text-sm ${className}`}>
      {invoice.lines.map((line, index) => (
        <li key={index} className="flex items-start justify-between gap-3 px-3 py-2" data-line-kind={line.kind}>
          <div className="min-w-0">
            <p className="text-ink">{line.description}</p>
            {line.studentName || line.className ? (
              <p className="text-gray-700">
                {line.studentName ? (
                  <>
                    <span className="sr-only">Student: </span>
                    {line.studentName}
                  </>
                ) : null}
                {line.studentName && line.className ? ' · ' : null}
                {line.className ? (
                  <>
                    <span className="sr-only">Class: </span>
                    {line.className}
                  </>
                ) : null}
              </p>
            ) : null}
            {line.explanation ? <p className="text-gray-700">{line.explanation}</p> : null}
          </div>
          <p className={`shrink-0 font-semibold tabular-nums ${line.amountCents < 0 ? 'text-green-800' : 'text-ink'}`}>{formatCents(line.amountCents)}</p>
        </li>
      ))}
    </ul>
  )
}
