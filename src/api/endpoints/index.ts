import type { Endpoint } from 'payload'

import { classEndpoints } from './classes'
import { sessionEndpoints } from './session'

/** Every call of the /api/* contract, mounted by server.ts (see ../http.ts for the prefix). */
export const contractEndpoints: Endpoint[] = [...sessionEndpoints, ...classEndpoints]
