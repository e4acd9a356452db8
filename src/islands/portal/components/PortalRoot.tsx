import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import { currentUserQueryOptions, useCurrentUser } from '#islands/api/accounts/current-user'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Spinner } from '#islands/components/ui/LoadState'
import { NotifyProvider } from '#islands/components/ui/Toast'
import { queryClient as browserClient } from '#islands/lib/query-client'
import { PORTAL_TEXT } from '#islands/portal/texts'

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
      <div className="m-5">
        <ErrorCard message="Could not load your account. Please check your connection and reload the page." />
      </div>
    )
  }
  return <Spinner label={PORTAL_TEXT.loadingAccount} />
}

/**
 * The root of every portal island: the query client, the signed-in user the page already
 * resolved on the server, the notifier (with `flash`, showing the toast the previous page
 * left) and the protected-route gate.
 */
export function PortalRoot({
  user,
  seeds = [],
  flash = false,
  children,
}: {
  user: UserDto | null
  seeds?: readonly Seed[]
  flash?: boolean
  children: (user: UserDto) => ReactNode
}) {
  const client = useClient(user ? [[currentUserQueryOptions().queryKey, user], ...seeds] : seeds)
  return (
    <QueryClientProvider client={client}>
      <NotifyProvider flash={flash}>
        <Protected>{children}</Protected>
      </NotifyProvider>
    </QueryClientProvider>
  )
}
