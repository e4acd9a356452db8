import { useSyncExternalStore } from 'react'

const subscribeNever = () => () => {}

/**
 * False in the server's HTML and until React has taken over the island. A form's submit
 * button stays disabled until then: submitted natively, the form would go nowhere useful
 * (and a GET would put a password in the address bar).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
}
