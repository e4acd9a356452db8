import type { Payload, PayloadRequest } from 'payload'

import type { StudioSetting } from '#cms/payload-types'
import { ALL_ENTRIES, broadcastInvalidation, onInvalidation } from '#server/cache-broadcast.server'
import { getAppContext } from '#server/context.server'
import { afterCommit } from '#api/lib/database'
import { academyTimeZone, chosenTimeZone, rememberChosenTimeZone } from '#api/lib/academy-clock'
import { canonicalTimeZone, type AcademyTimeZoneDto } from './time-zone.schemas'

/**
 * The academy's time zone as the studio settings hold it (decisions §19). academyTimeZone()
 * answers from memory; this file fills that memory: at boot, after a save (the global's
 * afterChange hook) and when another process saved one (the cache bus).
 */
const TOPIC = 'academy-time-zone'

async function storedTimeZone(payload: Payload): Promise<string | null> {
  const doc = (await payload.findGlobal({ slug: 'studio-settings', overrideAccess: true, depth: 0 })) as Partial<StudioSetting>
  return doc.timeZone ? canonicalTimeZone(doc.timeZone) : null
}

/**
 * Boot (payload.config.ts onInit): reads the stored zone. A database without the column yet (a
 * development database before its migrations) keeps ACADEMY_TIMEZONE until the first save.
 */
export async function loadAcademyTimeZone(payload: Payload): Promise<void> {
  try {
    rememberChosenTimeZone(await storedTimeZone(payload))
  } catch (error) {
    payload.logger.warn({ err: error, msg: "[time zone] the studio settings' time zone could not be read: ACADEMY_TIMEZONE (else UTC) applies" })
  }
}

/**
 * The global's afterChange hook, whoever saved (this contract, /cms): once the save is committed
 * this process knows at once, the others over the bus.
 */
export function timeZoneSaved(req: PayloadRequest, zone: string | null | undefined): void {
  const next = zone ? canonicalTimeZone(zone) : null
  afterCommit(req, () => {
    if (next === chosenTimeZone()) return
    rememberChosenTimeZone(next)
    broadcastInvalidation(TOPIC, next ?? '')
  })
}

// Another process saved a zone (the message carries it), or the bus was down: read it again.
onInvalidation(TOPIC, (argument) => {
  if (argument !== ALL_ENTRIES) {
    rememberChosenTimeZone(argument ? canonicalTimeZone(argument) : null)
    return
  }
  try {
    void loadAcademyTimeZone(getAppContext().payload)
  } catch {
    // No app context (a script): nothing is served from this memory.
  }
})

/** GET /api/admin/studio-settings/time-zone; `chosen` stands for what a save just stored. */
export function currentAcademyTimeZone(chosen: string | null = chosenTimeZone()): AcademyTimeZoneDto {
  const zone = chosen ?? academyTimeZone()
  return { timeZone: zone, confirmed: chosen !== null, source: chosen ? 'settings' : zone ? 'environment' : 'default' }
}

/** PUT /api/admin/studio-settings/time-zone: stores (and so confirms) the zone; the global's access and check apply too. */
export async function saveAcademyTimeZone(req: PayloadRequest, timeZone: string): Promise<AcademyTimeZoneDto> {
  const doc = await req.payload.updateGlobal({ slug: 'studio-settings', req, overrideAccess: false, depth: 0, data: { timeZone } })
  return currentAcademyTimeZone(doc.timeZone ? canonicalTimeZone(doc.timeZone) : null)
}
