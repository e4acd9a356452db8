/**
 * Where the /api/* contract lives inside Payload's routes: its endpoints are registered under
 * this prefix (not a collection slug), and the router maps `/api/<rest>` onto it (docs/decisions/001).
 */
export const CONTRACT_PREFIX = '/app'
