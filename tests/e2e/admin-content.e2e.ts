import { type Browser } from '@playwright/test'
import sharp from 'sharp'

import { expect, test } from './support/fixtures'
import { ADMIN, signIn, unique } from './support/accounts'

async function visitorPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL })
  return { page: await context.newPage(), close: () => context.close() }
}

test('a visitor gets no admin controls and none of their code', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto('/')
  await expect(page.getByRole('button', { name: /^Edit text/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /image/i })).toHaveCount(0)
  await page.goto('/classes')
  expect(scripts.filter((url) => /Admin/.test(url))).toEqual([])
})

test('an admin edits the footer tagline in place and a visitor sees it on the next load', async ({ page, browser, baseURL, cleanup }) => {
  // Other journeys read the tagline: it is put back as it was when the test ends.
  await cleanup.siteText('footer.academy_tagline')
  await signIn(page, baseURL, ADMIN)
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin')

  const tagline = unique('Pointe shoes and big dreams, ')
  const footer = page.getByRole('contentinfo')
  const edit = footer.locator('[data-edit-key="footer.academy_tagline"]')
  await expect(edit).toBeVisible()
  await expect(edit).toHaveAccessibleName(/^Edit text: /)
  await edit.click()
  const dialog = page.getByRole('dialog', { name: 'Edit text' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('footer.academy_tagline')).toBeVisible()
  await dialog.getByLabel('Text').fill(tagline)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(footer.getByText(tagline)).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Content updated' })).toBeVisible()
  await expect(edit).toBeFocused()

  const visitor = await visitorPage(browser, baseURL)
  const started = Date.now()
  await visitor.page.goto('/classes')
  await expect(visitor.page.getByRole('contentinfo').getByText(tagline)).toBeVisible()
  expect(Date.now() - started).toBeLessThan(5000)

  // A second edit of the same key (now stored) goes through PATCH.
  const second = `${tagline} Again.`
  await edit.click()
  await dialog.getByLabel('Text').fill(second)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(footer.getByText(second)).toBeVisible()
  await visitor.page.reload()
  await expect(visitor.page.getByRole('contentinfo').getByText(second)).toBeVisible()
  await visitor.close()
})

test('an admin cancels an edit with Escape and nothing changes', async ({ page, baseURL }) => {
  await signIn(page, baseURL, ADMIN)
  await page.goto('/')
  const edit = page.getByRole('button', { name: 'Edit text: Our Mission' })
  await edit.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Edit text' })
  await dialog.getByLabel('Text').fill('Something else')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible()
})

test('the logo text and the hero image description have edit buttons too', async ({ page, baseURL, cleanup }) => {
  await cleanup.siteText('home.hero.image_alt')
  await signIn(page, baseURL, ADMIN)
  await page.goto('/')
  const header = page.getByRole('banner')
  await expect(header.locator('[data-edit-key="global.logo_text"]')).toBeVisible()

  const hero = page.locator('[data-hero-image]')
  const illustration = hero.getByRole('img')
  const before = await illustration.getAttribute('aria-label')
  const edit = hero.locator('[data-edit-key="home.hero.image_alt"]')
  await expect(edit).toHaveAccessibleName(`Edit text: ${before}`)
  await edit.click()
  const dialog = page.getByRole('dialog', { name: 'Edit text' })
  await expect(dialog.getByLabel('Text')).toHaveValue(before!)
  const description = unique('A dancer mid-leap, ')
  await dialog.getByLabel('Text').fill(description)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(hero.getByRole('img', { name: description })).toBeVisible()
  await page.reload()
  await expect(hero.getByRole('img', { name: description })).toBeVisible()
})

test('an admin uploads, checks and removes the hero image, and a visitor sees each state', async ({ page, browser, baseURL }) => {
  // Re-encoding the upload into several WebP sizes takes seconds on a busy 2-core machine.
  test.slow()
  await signIn(page, baseURL, ADMIN)
  await page.goto('/')
  // The image controls are an island: a click before it hydrates would do nothing.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0)
  await page.getByRole('button', { name: 'Upload image' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload a hero image' })
  await dialog.getByRole('button', { name: 'Upload' }).click()
  await expect(dialog.getByText('Please choose an image to upload.')).toBeVisible()

  await dialog.getByLabel('Image file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') })
  await dialog.getByRole('button', { name: 'Upload' }).click()
  await expect(dialog.getByText('Please upload a JPEG, PNG, WebP or AVIF image.')).toBeVisible()

  const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#b03a6c' } })
    .png()
    .toBuffer()
  await dialog.getByLabel('Image file').setInputFiles({ name: 'studio.png', mimeType: 'image/png', buffer: png })
  await dialog.getByLabel('Description for screen readers').fill('Dancers at the barre in Studio A')
  await dialog.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('button', { name: 'Edit image' })).toBeVisible({ timeout: 15_000 })

  const visitor = await visitorPage(browser, baseURL)
  await visitor.page.goto('/')
  const hero = visitor.page.getByRole('img', { name: 'Dancers at the barre in Studio A' })
  await expect(hero).toBeVisible()
  expect(await hero.getAttribute('srcset')).toMatch(/\d+w/)
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

  let question = ''
  page.once('dialog', (confirm) => {
    question = confirm.message()
    void confirm.accept()
  })
  await page.getByRole('button', { name: 'Remove image' }).click()
  await expect(page.getByRole('button', { name: 'Upload image' })).toBeVisible()
  expect(question).toBe('Are you sure you want to remove the hero image?')

  await visitor.page.reload()
  await expect(visitor.page.getByRole('img', { name: 'Young dancers in a bright ballet studio' })).toBeVisible()
  await visitor.close()
})
