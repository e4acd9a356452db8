import { defineEndpoint, idParam } from '#api/http'
import { readFamilyAutopay } from './admin-autopay'
import { readAutopayState } from './autopay-state'
import { createCardSetup, removeCard, saveCard, setAutopay } from './card-vault'
import { chargeDueAutopay } from './charge-due-autopay'
import { autopayToggleSchema, saveCardSchema } from './schemas'
import { cardHolderOf } from './card-holder'

/**
 * Saved card and autopay (decisions §12): families for their own household (the card and the
 * switch belong to the household's account, decisions §23), or with split billing a full
 * guardian who is not the payer for their own card (decisions §36); administrators for any.
 */
export const autopayEndpoints = [
  defineEndpoint('get', '/autopay', { role: 'family', signedInReplay: {} }, async ({ req, user }) =>
    readAutopayState(req.payload, await cardHolderOf(req, user), user.id),
  ),

  defineEndpoint('put', '/autopay', { role: 'family', body: autopayToggleSchema }, async ({ req, user, body }) =>
    setAutopay(req, await cardHolderOf(req, user), body, user),
  ),

  /** A SetupIntent for the Payment Element: the card goes from the browser to Stripe. */
  defineEndpoint('post', '/autopay/setup-intent', { role: 'family' }, async ({ req, user }) => createCardSetup(req, await cardHolderOf(req, user), user)),

  /** The browser reports the confirmed SetupIntent; the server checks it with Stripe and keeps the card. */
  defineEndpoint('post', '/autopay/card', { role: 'family', body: saveCardSchema }, async ({ req, user, body }) =>
    saveCard(req, await cardHolderOf(req, user), body),
  ),

  defineEndpoint('delete', '/autopay/card', { role: 'family' }, async ({ req, user }) => removeCard(req, await cardHolderOf(req, user), user)),

  defineEndpoint('get', '/admin/autopay/:id', { role: 'admin' }, async ({ req }) => readFamilyAutopay(req.payload, idParam(req))),

  /** The daily job, by hand, on today's date. */
  defineEndpoint('post', '/admin/autopay/run', { role: 'admin' }, async ({ req }) => chargeDueAutopay(req.payload)),
]
