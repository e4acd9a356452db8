import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'

import type { UserDto } from '#api/schemas/auth'
import { currentUserQueryOptions, useCurrentUser } from '#islands/api/current-user'
import { queryClient as browserClient } from '#islands/lib/query-client'
import { PORTAL_TEXT } from '#islands/portal/texts'
import { Spinner } from './Spinner'

export type Seed = readonly [QueryKey, unknown]

/**
 * In the browser every island shares the page's one client. On the server each render gets
 * its own, so one family's data seeded into a render can never reach another request.
 */
function useClient(seeds: readonly Seed[]): QueryClient {
  const [client] = useState(() => {
    const client =
      typeof window === 'undefined'
        ? new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: true } } })
        : browserClient
    for (const [key, data] of seeds) if (client.getQueryData(key) === undefined) client.setQueryData(key, data)
    return client
  })
  return client
}

/**
 * A protected screen (spec §2): a spinner while the current user loads, then the screen; a
 * visitor (or a session that ended meanwhile) goes to /auth.
 */
function Protected({ children }: { children: (user: UserDto) => ReactNode }) {
  const { data: user, isPending, isError } = useCurrentUser()
  useEffect(() => {
    if (!isPending && !isError && user === null) window.location.replace('/auth')
  }, [isPending, isError, user])
  if (user) return <>{children(user)}</>
  if (isError) {
    return (
      <div role="alert" className="m-5 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900">
        Could not load your account. Please check your connection and reload the page.
      </div>
    )
  }
  return <Spinner label={PORTAL_TEXT.loadingAccount} />
}

/**
 * The root of every portal island: the query client, the signed-in user the page already
 * resolved on the server, and the protected-route gate.
 */
export function PortalRoot({ user, seeds = [], children }: { user: UserDto | null; seeds?: readonly Seed[]; children: (user: UserDto) => ReactNode }) {
  const client = useClient(user ? [[currentUserQueryOptions().queryKey, user], ...seeds] : seeds)
  return (
    <QueryClientProvider client={client}>
      <Protected>{children}</Protected>
    </QueryClientProvider>
  )
}
