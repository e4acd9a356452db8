import type { PayloadRequest } from 'payload'

import { isAdminUser } from '#shared/roles'

/** Requests of administrators only, for Payload's access checks that take a bare request (the jobs queue). */
export const isAdminRequest = ({ req }: { req: PayloadRequest }): boolean => isAdminUser(req.user)
