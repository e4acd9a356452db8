export { claimPlace, expireWaitlistOffers, lockClassForChange, markOfferAccepted, offerFreedPlaces, sweepWaitlist } from './waitlist'
export { waitlistEndpoints } from './endpoints'
