import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { poolOf, type Pool } from '#api/lib/database'
import { startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'

let app: TestApp
let pool: Pool

beforeAll(async () => {
  app = await startTestApp()
  pool = poolOf(app.payload)
})
afterAll(async () => {
  await app?.close()
})
beforeEach(async () => {
  await pool.query('DELETE FROM rate_limits')
})

let counter = 0
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`

type Account = { id: number; username: string; email: string; password: string }

async function createAccount(password = 'first-position-1'): Promise<Account> {
  const username = unique('hard')
  const email = `${username}@example.com`
  const user = await app.payload.create({ collection: 'users', overrideAccess: true, data: { username, email, fullName: 'Test Parent', password } })
  return { id: user.id, username, email, password }
}

const signedIn = (account: Account, password = account.password) => new ApiClient(app.url).login(account.username, password)

async function sessionIds(userId: number): Promise<string[]> {
  const { rows } = await pool.query('SELECT id FROM users_sessions WHERE _parent_id = $1 ORDER BY id', [userId])
  return rows.map((row) => String(row.id))
}

describe('password change and reset end the other sessions', () => {
  it('a change keeps exactly the caller session: the check of the current password leaves no session behind', async () => {
    const account = await createAccount()
    const here = await signedIn(account)
    const elsewhere = await signedIn(account)
    expect(await sessionIds(account.id)).toHaveLength(2)

    const res = await here.patch('/api/user/password', { currentPassword: account.password, newPassword: 'second-position-2' })
    expect(res.status).toBe(200)
    expect(await sessionIds(account.id)).toHaveLength(1)
    expect((await here.get('/api/user')).status).toBe(200)
    expect((await elsewhere.get('/api/user')).status).toBe(401)
  })

  it('a signed-in owner can change the password while strangers have locked the account by failed logins', async () => {
    const account = await createAccount()
    const here = await signedIn(account)
    for (let i = 0; i < 8; i++) await new ApiClient(app.url).post('/api/login', { username: account.username, password: 'not-the-password' })
    const res = await here.patch('/api/user/password', { currentPassword: account.password, newPassword: 'third-position-3' })
    expect(res.status).toBe(200)
    expect((await here.get('/api/user')).status).toBe(200)
  })

  it('a reset ends every session, the one that asked included, and the cached user is forgotten', async () => {
    const account = await createAccount()
    const first = await signedIn(account)
    const second = await signedIn(account)
    // Both sessions are served from the memory cache now.
    expect((await first.get('/api/user')).status).toBe(200)
    expect((await second.get('/api/user')).status).toBe(200)
    const token = 'a'.repeat(43)
    const { createHash } = await import('node:crypto')
    await pool.query("UPDATE users SET reset_token_hash = $1, reset_token_expiry = now() + interval '1 hour' WHERE id = $2", [
      createHash('sha256').update(token).digest('hex'),
      account.id,
    ])
    const res = await first.post('/api/reset-password', { token, newPassword: 'fourth-position-4' })
    expect(res.status).toBe(200)
    expect(await sessionIds(account.id)).toEqual([])
    expect((await first.get('/api/user')).status).toBe(401)
    expect((await second.get('/api/user')).status).toBe(401)
  })
})
