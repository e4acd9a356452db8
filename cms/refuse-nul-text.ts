import { APIError, type CollectionBeforeValidateHook, type GlobalBeforeValidateHook, type SanitizedConfig } from 'payload'

import { holdsNul, NUL_MESSAGE } from '#api/http'

/*
 * No text of the academy holds a NUL, whoever writes it: the contract refuses one before its
 * schemas run (src/api/http.ts), and this hook refuses one in every write through Payload
 * itself, /cms and its REST among them, where PostgreSQL would otherwise fail the statement
 * and the editor would see a 500. Added after the config is sanitised, so Payload's own
 * collections (preferences, document locks, jobs) are covered too.
 */

function refuse(data: unknown): void {
  if (holdsNul(data)) throw new APIError(NUL_MESSAGE, 400, undefined, true)
}

const collectionHook: CollectionBeforeValidateHook = ({ data }) => {
  refuse(data)
  return data
}

const globalHook: GlobalBeforeValidateHook = ({ data }) => {
  refuse(data)
  return data
}

function first<T>(hook: T, hooks: T[] | undefined): T[] {
  return [hook, ...(hooks ?? []).filter((other) => other !== hook)]
}

export function refuseNulText(config: SanitizedConfig): SanitizedConfig {
  // Once per collection even when a process builds its config again (payload.config.ts).
  for (const collection of config.collections) collection.hooks.beforeValidate = first(collectionHook, collection.hooks.beforeValidate)
  for (const global of config.globals) global.hooks.beforeValidate = first(globalHook, global.hooks.beforeValidate)
  return config
}
