import { useSyncExternalStore } from 'react'

function subscribeToHash(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}

/** The address's #fragment without the '#', '' in the server's HTML; follows hash changes. */
export function useLocationHash(): string {
  return useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash.slice(1),
    () => '',
  )
}

const subscribeNever = () => () => {}

/** One query parameter of the page's address (null in the server's HTML). */
export function useSearchParam(name: string): string | null {
  return useSyncExternalStore(
    subscribeNever,
    () => new URLSearchParams(window.location.search).get(name),
    () => null,
  )
}
