import { QueryClient } from '@tanstack/react-query'

/**
 * The one TanStack Query client of the browser (spec §9 "Data fetching"): no retry, data
 * stale after 60 s, refetch on window focus, no polling. Every island on a page shares it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: true, refetchInterval: false },
    mutations: { retry: false },
  },
})
