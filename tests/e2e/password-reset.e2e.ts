import { expect, test } from './support/fixtures'
import { openPortal } from './support/portal'

import { apiPost } from './support/accounts'
import { waitForMail } from './support/mailbox'

test('the forgot-password form checks the email before sending', async ({ page }) => {
  await openPortal(page, '/forgot-password')
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByText('Email is required')).toBeVisible()
  await page.getByLabel('Email').fill('someone@')
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByText('Please enter a valid email')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth')
})

test('a family resets a forgotten password through the emailed link and logs in with it', async ({ page, request, baseURL, families }) => {
  const family = await families.create()

  await openPortal(page, '/auth')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByLabel('Email').fill(family.email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()

  await expect(page.getByRole('heading', { name: 'Request Sent' })).toBeVisible()
  await expect(page.getByText('If an account exists for that email, we have sent a link to reset the password.')).toBeVisible()
  // Demo mode also hands the link back (spec: test-only resetLink), and the page shows it.
  await expect(page.getByRole('link', { name: 'Demo mode: open your reset link' })).toHaveAttribute('href', /\/reset-password\?token=/)
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth')

  // The real email, caught by the SMTP server of this run.
  const mail = await waitForMail((m) => m.to.includes(family.email) && /reset-password\?token=/.test(m.text))
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0]
  expect(link).toBeTruthy()
  const { pathname, search } = new URL(link!)
  await page.goto(pathname + search)

  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible()
  await expect(page).toHaveURL(/\/reset-password$/) // the token left the address bar
  await page.getByLabel('New Password', { exact: true }).fill('short')
  await page.getByLabel('Confirm New Password').fill('different')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible()
  await expect(page.getByText("Passwords don't match")).toBeVisible()

  await page.getByLabel('New Password', { exact: true }).fill('brand-new-arabesque')
  await page.getByLabel('Confirm New Password').fill('brand-new-arabesque')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible()
  await expect(page.getByText('Password has been reset successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/auth$/, { timeout: 6000 })

  await page.getByLabel('Username').fill(family.username)
  await page.getByLabel('Password').fill('brand-new-arabesque')
  await page.locator('form').getByRole('button', { name: 'Log In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  // The link is single use.
  const again = await apiPost(request, baseURL, '/api/reset-password', { token: new URL(link!).searchParams.get('token'), newPassword: 'another-password-9' })
  expect(again.status()).toBe(400)
})

test('a link damaged by a mail program (quoted-printable =3D) still opens the form', async ({ page }) => {
  await page.goto(`/reset-password?token=3D${'Zq3vN8_xY-2kLm4pQr7sTu9wVb1cDe5fGh6iJk0lMnO'}`)
  await expect(page.getByLabel('New Password', { exact: true })).toBeVisible()
})

test('a bad reset link shows the error panel with the reason and a way to ask again', async ({ page }) => {
  const links: Array<[string, string]> = [
    ['/reset-password', 'Invalid reset link. Please request a new password reset.'],
    ['/reset-password?token=too-short', 'Invalid reset token format. Please request a new password reset.'],
    ['/reset-password?token=Zq3vN8_xY-2kLm4pQr7sTu9wVb1c%E0%A4%A', 'Invalid reset link format. Please request a new password reset.'],
  ]
  for (const [path, message] of links) {
    await page.goto(path)
    await expect(page.getByText(message)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Request a New Link' })).toHaveAttribute('href', '/forgot-password')
    await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0)
  }
})

test('a well-formed but unknown or expired token ends on the error panel with the server message', async ({ page }) => {
  await page.goto('/reset-password?token=Zq3vN8_xY-2kLm4pQr7sTu9wVb1cDe5fGh6iJk0lMnO')
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-arabesque')
  await page.getByLabel('Confirm New Password').fill('brand-new-arabesque')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible()
  await expect(page.getByText('This reset link is invalid or has expired. Please request a new password reset.')).toBeVisible()
})
