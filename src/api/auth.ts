import { isAdminUser } from '#shared/roles'

// Who the caller is, and whether the role allows the endpoint, is defineEndpoint's (src/api/http.ts):
// operations take the actor it hands them rather than reading req.user again (issue 22).
export { isAdminUser }
