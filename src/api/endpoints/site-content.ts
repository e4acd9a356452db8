import type { Endpoint } from 'payload'

// Being written in this session (issue 3).
export const siteContentEndpoints: Endpoint[] = []
