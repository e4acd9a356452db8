import { describe, expect, it } from 'vitest'

import { bothOf, everyRow, familyRows, isEveryRow, ownAccount, ownedByFamily, taughtBy } from './ownership'

const family = { id: 7, username: 'parent', isAdmin: false }
const teacher = { id: 9, username: 'miss-anna', isAdmin: false, isTeacher: true }
const admin = { id: 1, username: 'office', isAdmin: true }
const builtInAdmin = { id: 2, username: 'admin', isAdmin: false }

describe('ownedByFamily', () => {
  it('scopes a family to the rows naming its account, by the field given', () => {
    expect(ownedByFamily(family)).toEqual({ user: { equals: 7 } })
    expect(ownedByFamily(family, 'userId')).toEqual({ userId: { equals: 7 } })
    expect(ownedByFamily(family, 'student.user')).toEqual({ 'student.user': { equals: 7 } })
  })

  it('lets an administrator (by flag or the built-in name) see every row', () => {
    expect(isEveryRow(ownedByFamily(admin, 'userId'))).toBe(true)
    expect(isEveryRow(ownedByFamily(builtInAdmin, 'student.user'))).toBe(true)
  })

  it('gives a teacher no more than a family: their own rows', () => {
    expect(ownedByFamily(teacher)).toEqual({ user: { equals: 9 } })
  })
})

describe('familyRows', () => {
  it('is one family, whoever asks (an administrator reading one family)', () => {
    expect(familyRows(7, 'userId')).toEqual({ userId: { equals: 7 } })
    expect(familyRows(1)).toEqual({ user: { equals: 1 } })
  })
})

describe('ownAccount', () => {
  it('is the caller’s own account, or every account for an administrator', () => {
    expect(ownAccount(family)).toEqual({ id: { equals: 7 } })
    expect(isEveryRow(ownAccount(admin))).toBe(true)
  })
})

describe('taughtBy', () => {
  it('scopes a teacher to the classes whose teacher is their account', () => {
    expect(taughtBy(teacher)).toEqual({ teacher: { equals: 9 } })
  })

  it('lets an administrator reach every class', () => {
    expect(isEveryRow(taughtBy(admin))).toBe(true)
  })
})

describe('bothOf', () => {
  it('joins two filters, and leaves out the one that filters nothing', () => {
    const id = { id: { equals: 3 } }
    expect(bothOf(id, taughtBy(teacher))).toEqual({ and: [id, { teacher: { equals: 9 } }] })
    expect(bothOf(id, taughtBy(admin))).toEqual(id)
    expect(bothOf(everyRow(), id)).toEqual(id)
  })

  it('hands out a new empty filter each time (Payload may extend the one it gets)', () => {
    const first = everyRow()
    first.status = { equals: 'x' }
    expect(isEveryRow(everyRow())).toBe(true)
  })
})
