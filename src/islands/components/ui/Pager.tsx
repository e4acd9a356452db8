import { BUTTON } from './styles'

/**
 * Previous and Next under a server-paged list (issue 23), with where the list is. `label`
 * names the list ("Invoices"), so two pagers on a page have distinct landmarks.
 */
export function Pager({
  label,
  page,
  pageCount,
  busy,
  onPage,
}: {
  label: string
  page: number
  pageCount: number
  busy?: boolean
  onPage: (page: number) => void
}) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label={`${label} pages`} className="mt-3 flex items-center justify-between gap-3" aria-busy={busy || undefined}>
      <button type="button" className={BUTTON.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous<span className="sr-only"> page</span>
      </button>
      <p className="text-sm text-gray-700 tabular-nums">
        Page {page} of {pageCount}
      </p>
      <button type="button" className={BUTTON.secondary} disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next<span className="sr-only"> page</span>
      </button>
    </nav>
  )
}
