import type { PayloadRequest, Where } from 'payload'

import type { User } from '#cms/payload-types'
import { DEFAULT_PAGE_SIZE } from '#api/lib/paging.schemas'
import { BUILT_IN_ADMIN_USERNAME } from '#shared/roles'
import type { UserListQuery, UserPageDto } from './admin-users.schemas'
import { toUserDto } from './users'

/**
 * One page of the accounts, newest first, for the Users tab at real size (issue 23: 150
 * households, 300 students). A search finds a family by the parent's name, username or email,
 * or by a child's name: the students whose name matches lead to their accounts.
 */
export async function searchUsers(req: PayloadRequest, query: UserListQuery): Promise<UserPageDto> {
  const text = query.q?.trim()
  let where: Where = {}
  if (text) {
    const children = await req.payload.find({
      collection: 'students',
      req,
      overrideAccess: false,
      depth: 0,
      limit: 0,
      pagination: false,
      select: { user: true },
      where: { fullName: { contains: text } },
    })
    const parents = [...new Set(children.docs.map((student) => (typeof student.user === 'object' ? student.user.id : student.user)))]
    const account: Where[] = [{ fullName: { contains: text } }, { username: { contains: text } }, { email: { contains: text } }]
    if (parents.length > 0) account.push({ id: { in: parents } })
    where = { or: account }
  }
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE
  const page = query.page ?? 1
  const [result, admins] = await Promise.all([
    req.payload.find({ collection: 'users', req, overrideAccess: false, depth: 0, where, page, limit: pageSize, sort: ['-createdAt', '-id'] }),
    req.payload.count({
      collection: 'users',
      req,
      overrideAccess: false,
      where: { and: [{ isActive: { equals: true } }, { or: [{ isAdmin: { equals: true } }, { username: { equals: BUILT_IN_ADMIN_USERNAME } }] }] },
    }),
  ])
  return {
    items: (result.docs as User[]).map(toUserDto),
    total: result.totalDocs,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(result.totalDocs / pageSize)),
    activeAdminCount: admins.totalDocs,
  }
}
