import { readFile } from 'node:fs/promises'

import type { APIRequestContext, Page } from '@playwright/test'

import { expect, test } from './support/fixtures'
import { unique } from './support/accounts'
import { openAdminTab } from './support/admin-console'
import { addStudent, expectToast, openPortal, seriousViolations } from './support/portal'

/** A Lexical editor state of plain paragraphs, as /cms saves a policy's body. */
function lexical(...paragraphs: string[]) {
  const node = { format: '', indent: 0, version: 1, direction: 'ltr' }
  return {
    root: {
      ...node,
      type: 'root',
      children: paragraphs.map((text) => ({
        ...node,
        type: 'paragraph',
        textFormat: 0,
        children: [{ type: 'text', text, format: 0, detail: 0, mode: 'normal', style: '', version: 1 }],
      })),
    },
  }
}

async function created(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<number> {
  expect(response.ok(), await response.text()).toBe(true)
  return ((await response.json()) as { doc: { id: number } }).doc.id
}

/** Reads a document to its end (signing opens then), types the name and signs. */
async function signCard(page: Page, title: string, name: string, choice?: string) {
  const card = page.getByRole('region', { name: title, exact: true })
  await card.getByRole('region', { name: `Text of ${title}` }).evaluate((box) => box.scrollTo(0, box.scrollHeight))
  if (choice) await card.getByRole('radio', { name: choice }).check()
  await card.getByLabel('Type your full name to sign').fill(name)
  await card.getByRole('button', { name: `Sign “${title}”` }).click()
}

/**
 * Issue 26 on a phone. The documents of these journeys apply to their own class only, so no
 * other journey's enrollment is gated while they run.
 */
test('a new family signs the waiver and the photo release while enrolling, and signs again when the studio publishes a new version', async ({
  page,
  baseURL,
  adminRequest,
  families,
  classes,
}) => {
  test.setTimeout(120_000)
  const className = unique('Policy Class ')
  const classId = (await classes.createInCms({ name: className })).id
  const waiverTitle = unique('Liability waiver ')
  const photoTitle = unique('Photo release ')
  const long = Array.from({ length: 30 }, (_, i) => `Clause ${i + 1}: dancing is a physical activity and the family accepts its ordinary risks.`)
  const documents: number[] = []
  try {
    documents.push(
      await created(
        await adminRequest.post('/cms-api/policy-documents', {
          data: { title: waiverTitle, kind: 'waiver', required: true, appliesTo: 'classes', classes: [classId], body: lexical(...long) },
        }),
      ),
    )
    documents.push(
      await created(
        await adminRequest.post('/cms-api/policy-documents', {
          data: {
            title: photoTitle,
            kind: 'photo-release',
            required: false,
            appliesTo: 'classes',
            classes: [classId],
            options: [{ label: 'May be photographed' }, { label: 'Not on social media' }, { label: 'Never' }],
            body: lexical('The academy may take photographs in class.'),
          },
        }),
      ),
    )

    const parent = await families.signIn(page, 'Policy Parent')
    const child = unique('Rosa ')
    const student = await addStudent(page.request, baseURL, child, 7)

    await test.step('the class selection asks for the waiver first and leads to the signing page', async () => {
      await openPortal(page, `/select-classes/${student.id}?class=${classId}`)
      await expect(page.getByRole('note')).toContainText(`Before ${child} can join a class, please sign: ${waiverTitle}`)
      await page.getByRole('link', { name: 'Read and sign the documents' }).click()
      await expect(page).toHaveURL(/\/policies\?studentId=/)
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0)
    })

    await test.step('the parent agrees to sign electronically, reads and signs both documents', async () => {
      await expect(page.getByRole('heading', { name: `Documents for ${child}` })).toBeVisible()
      await page.getByLabel('Your full name').fill(parent.fullName)
      await page.getByRole('button', { name: 'I agree to sign electronically' }).click()
      const sign = page.getByRole('button', { name: `Sign “${waiverTitle}”` })
      await expect(sign).toBeDisabled()
      expect(await seriousViolations(page)).toEqual([])
      await signCard(page, waiverTitle, parent.fullName)
      await signCard(page, photoTitle, parent.fullName, 'Not on social media')
      await expect(page.getByText('Everything is signed')).toBeVisible()
      await page.getByRole('link', { name: 'Continue' }).click()
      await expect(page).toHaveURL(new RegExp(`/select-classes/${student.id}`))
    })

    await test.step('the enrollment continues', async () => {
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0)
      await page.getByTestId('summary-bar').getByRole('button', { name: 'Add to Schedule' }).click()
      await page.getByRole('dialog', { name: 'Confirm Class Selection' }).getByRole('button', { name: 'Confirm & Add to Schedule' }).click()
      // Chosen from a class link, the enrollment ends on the child's schedule.
      await expect(page).toHaveURL(new RegExp(`/schedule\\?student=${student.id}&added=${classId}`))
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0)
      await expect(page.getByText(className).first()).toBeVisible()
    })

    await test.step('from the account page: the signed copies, a photo release withdrawn, and why the waiver stays (issue 41)', async () => {
      await openPortal(page, '/account')
      await page.getByRole('link', { name: `Documents of ${child}` }).click()
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0)
      const signed = page.getByRole('list', { name: `Signed documents for ${child}` })
      await expect(signed.getByRole('listitem')).toHaveCount(2)
      await expect(signed.getByRole('listitem').filter({ hasText: photoTitle })).toContainText('Version 1, signed')
      await expect(signed.getByRole('listitem').filter({ hasText: photoTitle })).toContainText('Not on social media')
      // The waiver cannot go while the child is in the class: the row says so and offers nothing the server would refuse.
      await expect(signed.getByRole('listitem').filter({ hasText: waiverTitle })).toContainText(`can’t be withdrawn while ${child} is enrolled`)
      await expect(signed.getByRole('button', { name: `Withdraw ${waiverTitle}` })).toHaveCount(0)
      expect(await seriousViolations(page)).toEqual([])
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        signed.getByRole('link', { name: `Download signed copy of ${waiverTitle} (PDF)` }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(/\.pdf$/)
      expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-')
      await signed.getByRole('button', { name: `Withdraw ${photoTitle}` }).click()
      const dialog = page.getByRole('dialog', { name: `Withdraw ${photoTitle}?` })
      await expect(dialog).toContainText('You can sign it again at any time.')
      expect(await seriousViolations(page)).toEqual([])
      await dialog.getByRole('button', { name: 'Withdraw signature' }).click()
      await expectToast(page, 'Signature withdrawn')
      await expect(signed.getByRole('listitem')).toHaveCount(1)
      // It is to be signed again, should the family change its mind.
      await expect(page.getByRole('region', { name: photoTitle, exact: true })).toContainText('Withdrawn')
      await signCard(page, photoTitle, parent.fullName, 'Never')
      await expect(signed.getByRole('listitem').filter({ hasText: photoTitle })).toContainText('Never')
    })

    await test.step('a new version that needs a new signature: the portal asks again', async () => {
      const changed = await adminRequest.patch(`/cms-api/policy-documents/${documents[0]}`, {
        data: { body: lexical(...long, 'Clause 31: a new rule.'), changeNeedsSignature: true },
      })
      expect(changed.ok(), await changed.text()).toBe(true)
      await openPortal(page, '/dashboard')
      const banner = page.getByRole('note', { name: 'Documents to sign' })
      await expect(banner).toContainText(`Please sign for ${child}: ${waiverTitle}`)
      expect(await seriousViolations(page)).toEqual([])
      await banner.getByRole('link', { name: 'Sign now' }).click()
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0)
      await expect(page.getByText('Changed: please sign the new version')).toBeVisible()
      // What changed is shown before the whole text (issue 41).
      const changes = page.getByRole('region', { name: 'What changed since version 1' })
      await expect(changes.getByRole('listitem')).toHaveText(['Added: Clause 31: a new rule.'])
      await signCard(page, waiverTitle, parent.fullName)
      await expect(page.getByText('Everything is signed')).toBeVisible()
      await openPortal(page, '/dashboard')
      await expect(page.getByRole('note', { name: 'Documents to sign' })).toHaveCount(0)
    })

    await test.step('the studio sees who signed which version, and the evidence of one signature', async () => {
      await page.goto('about:blank')
      await page.context().clearCookies()
      await openAdminTab(page, baseURL, 'policies')
      await page.getByLabel('Document', { exact: true }).selectOption({ label: `${waiverTitle} (version 2, required)` })
      await page.getByLabel('Class', { exact: true }).selectOption({ label: className })
      const rows = page.getByRole('list', { name: `Signatures of ${waiverTitle}` })
      await expect(rows.getByRole('listitem')).toHaveCount(1)
      await expect(rows).toContainText(`Version 2, signed by ${parent.fullName}`)
      await rows.getByRole('button', { name: `Evidence of ${child}’s signature` }).click()
      const evidence = page.getByRole('dialog', { name: 'Signature evidence' })
      await expect(evidence).toContainText('(matches the stored text)')
      await expect(evidence.getByRole('region', { name: 'Signed text' })).toContainText('Clause 31: a new rule.')
      expect(await seriousViolations(page)).toEqual([])
    })
  } finally {
    for (const id of documents) await adminRequest.delete(`/cms-api/policy-documents/${id}`)
  }
})
