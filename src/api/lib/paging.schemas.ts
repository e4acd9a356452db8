import { z } from 'zod'

/*
 * Server-side paging of the admin console's long lists (issue 23): the page and its size come
 * in the query string as text, and a page answers with its rows and the count of all that
 * match, so the console can say "Showing 11–20 of 1,200" and offer the next page.
 */

export const PAGE_SIZE_MAX = 100
export const DEFAULT_PAGE_SIZE = 20
/** The longest search text a list accepts (a name, an email). */
export const SEARCH_MAX = 100

export const PAGING_MESSAGES = {
  page: 'page must be a whole number of 1 or more.',
  pageSize: `pageSize must be a whole number from 1 to ${PAGE_SIZE_MAX}.`,
  search: `The search text may be at most ${SEARCH_MAX} characters.`,
} as const

const wholeNumberText = (message: string, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, message)

export const pageParamSchema = wholeNumberText(PAGING_MESSAGES.page, 999_999).optional()
export const pageSizeParamSchema = wholeNumberText(PAGING_MESSAGES.pageSize, PAGE_SIZE_MAX).optional()
/** A search text: trimmed; empty means no search. */
export const searchParamSchema = z.string({ error: PAGING_MESSAGES.search }).trim().max(SEARCH_MAX, PAGING_MESSAGES.search).optional()

/** One page of a list: its rows, and how many rows match in all. */
export type PageDto<T> = {
  items: T[]
  /** Rows matching the search and filters, on every page. */
  total: number
  page: number
  pageSize: number
  /** At least 1, even when nothing matches. */
  pageCount: number
}

/** Whether a parsed query names any of its parameters: without one, a list answers as the spec says (a plain array). */
export function asksForPage(query: Record<string, unknown>): boolean {
  return Object.values(query).some((value) => value !== undefined)
}
