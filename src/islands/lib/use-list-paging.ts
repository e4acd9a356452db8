import { useEffect, useState, useSyncExternalStore } from 'react'

/** md in Tailwind: from here the console shows tables instead of cards. */
const WIDE = '(min-width: 768px)'

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/**
 * Rows per page of an admin list (issue 23): on a phone a page of cards stays within a few
 * screens; a desktop table shows more. Phone first in the server's HTML.
 */
export function usePageSize(phone = 10, desktop = 25): number {
  return useSyncExternalStore(
    subscribeToWidth,
    () => (window.matchMedia(WIDE).matches ? desktop : phone),
    () => phone,
  )
}

/** `value`, once it has stopped changing for `ms`: a search box asks the server once the typing pauses. */
export function useDebouncedValue<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/** Back to the last page when the list shrank under the one on screen (a delete, a narrower filter, a turned phone). */
export function useClampedPage(page: number, pageCount: number | undefined, setPage: (page: number) => void): void {
  useEffect(() => {
    if (pageCount !== undefined && page > pageCount) setPage(pageCount)
  }, [page, pageCount, setPage])
}

/** Whether the screen is desktop wide (md); false in the server's HTML (phone first). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(WIDE).matches,
    () => false,
  )
}
