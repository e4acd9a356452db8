import { createContext, useContext } from 'react'

import type { UserDto } from '#api/schemas/auth'

/** The signed-in administrator, resolved by the page on the server. */
export const ViewerContext = createContext<UserDto | null>(null)

export function useViewer(): UserDto | null {
  return useContext(ViewerContext)
}
