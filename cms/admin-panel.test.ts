import type { CollectionConfig, Field, GlobalConfig } from 'payload'
import { describe, expect, it } from 'vitest'

import { AutopayAttempts } from './collections/AutopayAttempts'
import { Classes } from './collections/Classes'
import { Credits } from './collections/Credits'
import { Enrollments } from './collections/Enrollments'
import { Inquiries } from './collections/Inquiries'
import { Invoices } from './collections/Invoices'
import { NotificationPreferences } from './collections/NotificationPreferences'
import { PaymentMethods } from './collections/PaymentMethods'
import { Payments } from './collections/Payments'
import { siteAssetsCollection } from './collections/SiteAssets'
import { SiteContent } from './collections/SiteContent'
import { Students } from './collections/Students'
import { TuitionRuns } from './collections/TuitionRuns'
import { usersCollection } from './collections/Users'
import { MONEY_COMPONENTS } from './fields/money'
import { PaymentConfig } from './globals/PaymentConfig'
import { TuitionSettings } from './globals/TuitionSettings'

/**
 * Payload's panel at /cms as the academy's editors see it (issue 7): one sidebar group per
 * part of the business, list columns that exist, and no secret ever on screen.
 */

const Users = usersCollection({ publicOrigin: 'http://localhost:3000' })
const SiteAssets = siteAssetsCollection({ dataDir: '.data' })
const GROUPS: Record<string, Array<CollectionConfig | GlobalConfig>> = {
  Website: [SiteContent, SiteAssets],
  Classes: [Classes],
  Families: [Users, Students, Enrollments, NotificationPreferences],
  Billing: [Invoices, Payments, PaymentMethods, PaymentConfig],
  Inquiries: [Inquiries],
}
const COLLECTIONS = [Users, Students, Classes, Enrollments, Inquiries, NotificationPreferences, Invoices, Payments, PaymentMethods, SiteContent, SiteAssets]
const AUTOMATIC = ['id', 'createdAt', 'updatedAt']

function namedFields(fields: Field[]): Array<Field & { name: string }> {
  return fields.filter((field): field is Field & { name: string } => 'name' in field)
}

function fieldNames(collection: CollectionConfig): string[] {
  const names = namedFields(collection.fields).map((field) => field.name)
  if (collection.upload) names.push('filename', 'mimeType', 'filesize', 'url')
  if (collection.auth) names.push('email', 'username')
  return [...names, ...AUTOMATIC]
}

describe('the /cms admin panel for editors', () => {
  it('groups every collection and the payment settings by part of the business', () => {
    for (const [group, entities] of Object.entries(GROUPS)) {
      for (const entity of entities) expect(entity.admin?.group, entity.slug).toBe(group)
    }
    expect(Object.values(GROUPS).flat()).toHaveLength(COLLECTIONS.length + 1)
  })

  it('gives every collection a description and list columns that exist', () => {
    for (const collection of COLLECTIONS) {
      const names = fieldNames(collection)
      expect(collection.admin?.description, collection.slug).toBeTruthy()
      expect(collection.admin?.defaultColumns?.length, collection.slug).toBeGreaterThan(1)
      for (const column of collection.admin?.defaultColumns ?? []) expect(names, `${collection.slug}.${column}`).toContain(column)
      for (const field of collection.admin?.listSearchableFields ?? []) expect(names, `${collection.slug}.${field}`).toContain(field)
      if (collection.admin?.useAsTitle) expect(names, collection.slug).toContain(collection.admin.useAsTitle)
    }
  })

  it('shows and takes every stored amount in dollars and cents, as the console does (issue 23)', () => {
    const money: string[] = []
    const visit = (owner: string, fields: Field[]) => {
      for (const field of namedFields(fields)) {
        if (field.type === 'array') visit(`${owner}.${field.name}`, field.fields)
        if (field.type !== 'number' || !/Cents$|^price$/.test(field.name)) continue
        money.push(`${owner}.${field.name}`)
        expect(field.admin?.components, `${owner}.${field.name}`).toMatchObject(MONEY_COMPONENTS)
        expect(String(field.label), `${owner}.${field.name}`).not.toMatch(/cents/i)
      }
    }
    for (const entity of [...COLLECTIONS, Credits, AutopayAttempts, TuitionRuns, TuitionSettings]) visit(entity.slug, entity.fields)
    expect(money.length).toBeGreaterThanOrEqual(10)
  })

  it('lets an editor group the site texts by section', () => {
    expect(SiteContent.admin?.groupBy).toBe(true)
    expect(namedFields(SiteContent.fields).find((field) => field.name === 'section')?.type).toBe('select')
  })

  it('never shows a secret: the stored Stripe key and reset tokens are hidden and unreadable', () => {
    const secrets = [
      ...namedFields(PaymentConfig.fields).filter((field) => field.name === 'secretKeyEncrypted'),
      ...namedFields(Users.fields).filter((field) => field.name.startsWith('resetToken')),
    ]
    expect(secrets.map((field) => field.name).sort()).toEqual(['resetTokenExpiry', 'resetTokenHash', 'secretKeyEncrypted'])
    for (const field of secrets) {
      expect((field as { hidden?: boolean }).hidden, field.name).toBe(true)
      const read = (field as { access?: { read?: () => boolean } }).access?.read
      expect(read?.(), field.name).toBe(false)
    }
    for (const collection of COLLECTIONS) {
      for (const column of collection.admin?.defaultColumns ?? []) expect(column).not.toMatch(/secret|token|password|hash|salt/i)
    }
  })

  it('lets only administrators sign in to the panel', () => {
    const admin = Users.access?.admin
    expect(admin).toBeTypeOf('function')
    const asUser = (user: unknown) => admin!({ req: { user } } as never)
    expect(asUser({ id: 1, username: 'family', isAdmin: false })).toBe(false)
    expect(asUser({ id: 2, username: 'helper', isAdmin: true })).toBe(true)
    expect(asUser(null)).toBe(false)
  })
})
