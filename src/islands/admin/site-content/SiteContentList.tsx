import { useId, useState } from 'react'

import { useDeleteSiteContent } from '#islands/api/site-content/admin-delete-site-content'
import { useAllSiteContent } from '#islands/api/site-content/admin-list-site-content'
import { ErrorCard } from '#islands/components/ui/Alert'
import { FilterField } from '#islands/components/ui/Field'
import { Badge } from '#islands/components/ui/Badge'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { Loading } from '#islands/components/ui/LoadState'
import { useLoadFailureToast, useNotify, useNotifyFailure } from '#islands/components/ui/Toast'
import { BUTTON, SCROLL_LIST } from '#islands/components/ui/styles'
import { SiteContentDialog } from './SiteContentDialog'
import { matchesFilter, siteTextEntries, type SiteTextEntry } from './site-texts'

/** Every site text in one place (issue 7): the built-in defaults and the stored texts, editable; the console's Site Content tab (issue 23). */
export function SiteContentList() {
  const id = useId()
  const content = useAllSiteContent()
  const remove = useDeleteSiteContent()
  const notify = useNotify()
  const notifyFailure = useNotifyFailure()
  const [filter, setFilter] = useState('')
  const [editing, setEditing] = useState<{ entry: SiteTextEntry | null } | null>(null)
  const [removing, setRemoving] = useState<SiteTextEntry | null>(null)
  useLoadFailureToast(content.isError, 'Failed to fetch site content')

  const entries = content.data ? siteTextEntries(content.data).filter((entry) => matchesFilter(entry, filter)) : []

  function confirmRemove() {
    if (!removing) return
    const entry = removing
    remove.mutate(entry.key, {
      onSuccess: () =>
        notify({
          title: 'Content Deleted',
          text: entry.defaultText !== null ? `${entry.key} shows its built-in text again.` : `${entry.key} has been deleted.`,
        }),
      onError: (error) => notifyFailure('Failed to delete site content', error),
      onSettled: () => setRemoving(null),
    })
  }

  return (
    <section aria-labelledby="site-content-heading">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="site-content-heading" className="font-serif text-2xl">
            Site Content
          </h2>
          <p className="mt-1 text-sm text-gray-700">Every text on the public pages, by section. Edits show on the site at the next page load.</p>
        </div>
        <button type="button" className={BUTTON.primary} onClick={() => setEditing({ entry: null })}>
          Add Site Text
        </button>
      </div>
      <div className="mb-3 max-w-md">
        <FilterField id={`${id}-filter`} label="Find a text" value={filter} onChange={setFilter} placeholder="Key, title or words in the text" />
      </div>

      {content.isPending ? (
        <Loading label="Loading site texts…" />
      ) : content.isError ? (
        <ErrorCard retryLabel="Try again" message="Failed to fetch site content" onRetry={() => content.refetch()} />
      ) : (
        <ul className={`divide-y divide-gray-200 ${SCROLL_LIST}`} aria-label="Site texts">
          {entries.map((entry) => (
            <li key={entry.key} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between" data-content-row={entry.key}>
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <code className="rounded bg-gray-100 px-1.5 py-0.5 text-xs break-all">{entry.key}</code>
                  <Badge tone="grey">{entry.section}</Badge>
                  {entry.stored ? (
                    entry.stored.isPublished ? (
                      <Badge tone="green">Published</Badge>
                    ) : (
                      <Badge tone="yellow">Unpublished</Badge>
                    )
                  ) : (
                    <Badge tone="brand">Built-in text</Badge>
                  )}
                </p>
                {entry.stored ? <p className="mt-1 text-sm font-medium">{entry.stored.title}</p> : null}
                <p className="mt-0.5 line-clamp-2 text-sm break-words text-gray-700">{entry.stored?.content ?? entry.defaultText}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button type="button" className={BUTTON.secondary} onClick={() => setEditing({ entry })}>
                  Edit<span className="sr-only"> {entry.key}</span>
                </button>
                {entry.stored ? (
                  <button type="button" className={BUTTON.dangerOutline} onClick={() => setRemoving(entry)}>
                    {entry.defaultText !== null ? 'Restore Default' : 'Delete'}
                    <span className="sr-only"> {entry.key}</span>
                  </button>
                ) : null}
              </div>
            </li>
          ))}
          {entries.length === 0 ? <li className="p-6 text-center text-gray-700">No text matches.</li> : null}
        </ul>
      )}

      <SiteContentDialog open={editing !== null} entry={editing?.entry ?? null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={removing !== null}
        title={removing?.defaultText !== null ? `Restore the built-in text of ${removing?.key ?? ''}?` : `Delete site text ${removing?.key ?? ''}?`}
        confirmLabel={removing?.defaultText !== null ? 'Restore Default' : 'Delete'}
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {removing ? (
          removing.defaultText !== null ? (
            <p>
              The stored text of <code>{removing.key}</code> is deleted and the page shows its built-in text again: “{removing.defaultText}”. This action cannot
              be undone.
            </p>
          ) : (
            <p>
              Are you sure you want to delete <code>{removing.key}</code>? This action cannot be undone.
            </p>
          )
        ) : null}
      </ConfirmDialog>
    </section>
  )
}
