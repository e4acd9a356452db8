import type { WaitlistEntry } from '#cms/payload-types'
import type { WaitlistStatus } from './schemas'
import { offerLapsed } from '#shared/admission'

/**
 * Reads never write (docs/decisions/017): an offer past its `offerExpiresAt` reads as expired
 * at once, computed from the academy's clock, before the scheduled waitlist job or a write to
 * its class has let it go in the database.
 */

type OfferFacts = Pick<WaitlistEntry, 'status' | 'offerExpiresAt'>

/** The status a reader sees at `now`: a lapsed offer reads as `expired`. */
export const readStatus = (entry: OfferFacts, now: Date): WaitlistStatus => (offerLapsed(entry, now) ? 'expired' : (entry.status as WaitlistStatus))
