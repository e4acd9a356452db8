import type { Payload } from 'payload'

import { DEMO_CLASSES } from './classes'
import { DEMO_LEVELS } from './levels'
import { DEMO_SEASON } from './season'
import { addDays } from '#shared/dates'
import { academyToday } from '#api/lib/academy-clock'

export type SeedOptions = {
  log?: (message: string) => void
}

export const DEMO_FAMILY = {
  username: 'family',
  password: 'ballet-family-2026',
  fullName: 'Jordan Rivera',
  email: 'jordan.rivera@example.com',
  phone: '(555) 010-2040',
}

async function exists(payload: Payload, collection: 'users' | 'classes' | 'levels', where: Record<string, unknown> = {}) {
  const { totalDocs } = await payload.count({ collection, where: where as never, overrideAccess: true })
  return totalDocs > 0
}

function isoDate(daysFromToday: number): string {
  return addDays(academyToday(), daysFromToday)
}

/**
 * Demo data of decisions §8 (the classes and the demo family; the administrator is
 * ensureAdministrator's). Every part is created only when it is missing, so running it on
 * every start never overwrites or duplicates anything.
 */
export async function seedDemoData(payload: Payload, options: SeedOptions = {}): Promise<{ created: string[] }> {
  const log = options.log ?? ((m: string) => payload.logger.info(m))
  const created: string[] = []

  if (!(await exists(payload, 'classes'))) {
    // The current season (issue 27), its classes the demo timetable: the next one is rolled over from it.
    const season = await payload.create({ collection: 'seasons', overrideAccess: true, data: DEMO_SEASON })
    for (const data of DEMO_CLASSES) await payload.create({ collection: 'classes', overrideAccess: true, data: { ...data, season: season.id } })
    created.push('classes')
  }

  if (!(await exists(payload, 'levels'))) {
    for (const data of DEMO_LEVELS) await payload.create({ collection: 'levels', overrideAccess: true, data })
    created.push('levels')
  }

  if (!(await exists(payload, 'users', { username: { equals: DEMO_FAMILY.username } }))) {
    const family = await payload.create({ collection: 'users', overrideAccess: true, data: { ...DEMO_FAMILY, isActive: true, isAdmin: false } })
    await payload.create({
      collection: 'students',
      overrideAccess: true,
      data: {
        user: family.id,
        fullName: 'Mia Rivera',
        dateOfBirth: '2018-04-12',
        experienceLevel: 'Some Experience',
        // The first of her care information's contacts (issue 24): a first enrollment needs one.
        emergencyContact: { name: 'Rosa Rivera', phone: '555 010 2030' },
      },
    })
    await payload.create({
      collection: 'invoices',
      overrideAccess: true,
      // Demo data already there, not an event to tell the family of (decisions "Automatic notices").
      context: { notices: false },
      data: {
        userId: family.id,
        payerName: family.fullName,
        payerEmail: family.email,
        amountCents: 7500,
        description: 'Ballet Foundations I — monthly tuition',
        status: 'pending',
        dueDate: isoDate(14),
      },
    })
    created.push('family')
    log(`Created the demo family. Username: ${DEMO_FAMILY.username}  Password: ${DEMO_FAMILY.password}`)
  }

  return { created }
}
