import type { Payload } from 'payload'

import type { Class } from '../../../cms/payload-types'
import type { ClassDto } from '../schemas/classes'
import { createMemoCache } from './cache'

export function toClassDto(doc: Class): ClassDto {
  return {
    id: doc.id,
    name: doc.name,
    description: doc.description,
    ageGroup: doc.ageGroup,
    level: doc.level,
    days: doc.days,
    time: doc.time,
    location: doc.location,
    instructor: doc.instructor,
    price: doc.price,
    capacity: doc.capacity ?? null,
  }
}

type Catalogue = { all: ClassDto[]; json: string; byAgeGroup: Map<string, string> }

const catalogueCache = createMemoCache<Catalogue>('classes')

/** Classes change rarely and are read on every public page: served from memory. */
export function invalidateClasses(): void {
  catalogueCache.invalidate()
}

async function loadCatalogue(payload: Payload): Promise<Catalogue> {
  const result = await payload.find({ collection: 'classes', limit: 0, pagination: false, sort: 'name', depth: 0 })
  const all = (result.docs as Class[]).map(toClassDto)
  return { all, json: JSON.stringify(all), byAgeGroup: new Map() }
}

export async function listClasses(payload: Payload): Promise<ClassDto[]> {
  return (await catalogueCache.get(() => loadCatalogue(payload))).all
}

/** The serialised class list, optionally filtered by an exact age group, ready to send. */
export async function listClassesJson(payload: Payload, ageGroup?: string): Promise<string> {
  const catalogue = await catalogueCache.get(() => loadCatalogue(payload))
  if (!ageGroup) return catalogue.json
  let json = catalogue.byAgeGroup.get(ageGroup)
  if (json === undefined) {
    json = JSON.stringify(catalogue.all.filter((c) => c.ageGroup === ageGroup))
    if (catalogue.byAgeGroup.size < 100) catalogue.byAgeGroup.set(ageGroup, json)
  }
  return json
}
