/**
 * What a journey made, deleted when it ends (like Epic Stack's `dataCleanup`): the fixtures
 * (./fixtures.ts) register every family, class, site text and inquiry a journey creates, and
 * delete them at the test's teardown, passed or failed or timed out, with the administrator's
 * session and through the contract where it has a delete.
 *
 * Deleting an account takes its students, their enrollments, attendance marks, makeups and
 * waitlist entries, its preferences, saved cards and billing profile (decisions §2,
 * cms/collections/Users/hooks/deleteUserData). Its invoices go first, through the contract;
 * one with a completed payment is refused (409) and stays, as payments, credits and autopay
 * attempts do: financial records nobody may delete. They name an account id that is gone, so
 * no other family sees them.
 */
import type { APIRequestContext } from '@playwright/test'

import type { ClassDto } from '#api/classes/schemas'
import type { UserDto } from '#api/accounts/auth.schemas'
import type { InquiryDto } from '#api/inquiries/schemas'
import type { InvoiceDto } from '#api/invoices/schemas'

type StoredText = { id: number; content: string; title?: string; isPublished?: boolean } | null

export class Cleanup {
  private readonly families = new Set<number>()
  private readonly classes = new Set<number>()
  private readonly classNames = new Set<string>()
  private readonly usernames = new Set<string>()
  private readonly inquiries = new Set<number>()
  private readonly inquiryNames = new Set<string>()
  private readonly assessmentWindows = new Set<number>()
  private readonly seasons = new Set<number>()
  private readonly seasonNames = new Set<string>()
  private readonly examSessions = new Set<number>()
  private readonly texts = new Map<string, StoredText>()

  constructor(private readonly admin: APIRequestContext) {}

  /** An account the journey made: deleted with everything it owns. */
  family(id: number): void {
    this.families.add(id)
  }

  /** An account made through a form (registration), found by its username at the end. */
  familyNamed(username: string): void {
    this.usernames.add(username)
  }

  class(id: number): void {
    this.classes.add(id)
  }

  /** A class made through the admin form, found by its (unique) name at the end. */
  classNamed(name: string): void {
    this.classNames.add(name)
  }

  /** An assessment window (issue 27): deleted first, with its marks. */
  assessmentWindow(id: number): void {
    this.assessmentWindows.add(id)
  }

  /** A season (issue 27): its classes are deleted with the classes, then the season itself, the latest first. */
  season(id: number): void {
    this.seasons.add(id)
  }

  /** A season made through the console's rollover form, found by its (unique) name at the end. */
  seasonNamed(name: string): void {
    this.seasonNames.add(name)
  }

  /** An exam session (issue 27): deleted first, with its entries. */
  examSession(id: number): void {
    this.examSessions.add(id)
  }

  inquiry(id: number): void {
    this.inquiries.add(id)
  }

  /** An inquiry sent through the contact form, found by the sender's (unique) name at the end. */
  inquiryNamed(name: string): void {
    this.inquiryNames.add(name)
  }

  /** Call before the journey changes a site text: at the end it is put back as it is now. */
  async siteText(key: string): Promise<void> {
    if (this.texts.has(key)) return
    const found = await this.admin.get(`/cms-api/site-content?where[key][equals]=${encodeURIComponent(key)}&depth=0&limit=1`)
    if (!found.ok()) throw new Error(`reading site text ${key}: ${found.status()} ${await found.text()}`)
    const doc = ((await found.json()) as { docs: NonNullable<StoredText>[] }).docs[0]
    this.texts.set(key, doc ? { id: doc.id, content: doc.content, title: doc.title, isPublished: doc.isPublished } : null)
  }

  /**
   * Deletes everything registered: classes first, a registered season's own classes among them
   * (their waitlists go before their enrollments, so no place is offered to anyone), then the
   * seasons, then families, then texts and inquiries. Every step is
   * tried; what failed is thrown together at the end, and so is a family still listed after.
   */
  async run(): Promise<void> {
    const failures: string[] = []
    const attempt = async (what: string, call: () => Promise<{ ok(): boolean; status(): number; text(): Promise<string> }>, allowed: number[] = []) => {
      try {
        const response = await call()
        // 404: the journey already deleted it itself.
        if (!response.ok() && response.status() !== 404 && !allowed.includes(response.status())) {
          failures.push(`${what}: ${response.status()} ${await response.text()}`)
        }
      } catch (error) {
        failures.push(`${what}: ${(error as Error).message}`)
      }
    }

    for (const id of this.assessmentWindows) await attempt(`assessment window ${id}`, () => this.admin.delete(`/cms-api/assessment-windows/${id}`))
    for (const id of this.examSessions) await attempt(`exam session ${id}`, () => this.admin.delete(`/cms-api/exam-sessions/${id}`))
    if (this.classNames.size > 0) {
      const classes = (await (await this.admin.get('/api/classes')).json()) as ClassDto[]
      for (const cls of classes) if (this.classNames.has(cls.name)) this.classes.add(cls.id)
    }
    if (this.seasonNames.size > 0) {
      const seasons = (await (await this.admin.get('/api/admin/seasons')).json()) as Array<{ id: number; name: string }>
      for (const season of seasons) if (this.seasonNames.has(season.name)) this.seasons.add(season.id)
    }
    for (const id of this.seasons) {
      const found = await this.admin.get(`/cms-api/classes?where[season][equals]=${id}&depth=0&limit=100`)
      if (found.ok()) for (const cls of ((await found.json()) as { docs: Array<{ id: number }> }).docs) this.classes.add(cls.id)
    }
    for (const id of this.classes) await attempt(`class ${id}`, () => this.admin.delete(`/api/classes/${id}`))
    // A season rolled over from another names it: the later (higher id) goes first.
    for (const id of [...this.seasons].sort((a, b) => b - a)) await attempt(`season ${id}`, () => this.admin.delete(`/cms-api/seasons/${id}`))

    if (this.usernames.size > 0) {
      for (const user of await this.users()) if (this.usernames.has(user.username)) this.families.add(user.id)
    }
    if (this.families.size > 0) {
      const invoices = (await (await this.admin.get('/api/invoices/all')).json()) as InvoiceDto[]
      for (const invoice of invoices.filter((i) => this.families.has(i.userId))) {
        // 409: a completed payment makes it a financial record (see above).
        await attempt(`invoice ${invoice.id}`, () => this.admin.delete(`/api/invoices/${invoice.id}`), [409])
      }
      for (const id of this.families) await attempt(`account ${id}`, () => this.admin.delete(`/api/users/${id}`))
    }

    for (const [key, before] of this.texts) {
      await attempt(`site text ${key}`, () =>
        before
          ? this.admin.patch(`/api/site-content/${encodeURIComponent(key)}`, {
              data: { content: before.content, title: before.title, isPublished: before.isPublished },
            })
          : this.admin.delete(`/api/site-content/${encodeURIComponent(key)}`),
      )
    }
    if (this.inquiryNames.size > 0) {
      const inquiries = (await (await this.admin.get('/api/inquiries')).json()) as InquiryDto[]
      for (const inquiry of inquiries) if (this.inquiryNames.has(inquiry.name)) this.inquiries.add(inquiry.id)
    }
    for (const id of this.inquiries) await attempt(`inquiry ${id}`, () => this.admin.delete(`/cms-api/inquiries/${id}`))

    if (this.families.size > 0) {
      const left = (await this.users()).filter((user) => this.families.has(user.id))
      for (const user of left) failures.push(`account ${user.id} (${user.username}) is still there`)
    }
    if (failures.length > 0) throw new Error(`cleaning up after the journey failed:\n${failures.join('\n')}`)
  }

  private async users(): Promise<UserDto[]> {
    const response = await this.admin.get('/api/users')
    if (!response.ok()) throw new Error(`listing accounts: ${response.status()} ${await response.text()}`)
    return (await response.json()) as UserDto[]
  }
}

/** The collections a journey could leave rows in, counted through Payload's REST as the administrator. */
const COUNTED = [
  'users',
  'students',
  'enrollments',
  'waitlist-entries',
  'attendance',
  'makeups',
  'classes',
  'inquiries',
  'site-content',
  'assessment-windows',
  'assessment-marks',
  'seasons',
  'exam-sessions',
  'exam-entries',
] as const

export type Counts = Record<(typeof COUNTED)[number], number>

export async function countRows(admin: APIRequestContext): Promise<Counts> {
  const counts = {} as Counts
  for (const slug of COUNTED) {
    const response = await admin.get(`/cms-api/${slug}?limit=1&depth=0`)
    if (!response.ok()) throw new Error(`counting ${slug}: ${response.status()} ${await response.text()}`)
    counts[slug] = ((await response.json()) as { totalDocs: number }).totalDocs
  }
  return counts
}

/** What differs between two counts, as "classes: 10 → 11". */
export function leftovers(before: Counts, after: Counts): string[] {
  return COUNTED.filter((slug) => before[slug] !== after[slug]).map((slug) => `${slug}: ${before[slug]} → ${after[slug]}`)
}
