export { expireWaitlistOffers } from './expiry'
export { claimPlace, markOfferAccepted, offerFreedPlaces } from './offers'
export { lockClassForChange } from './places'
export { waitlistEndpoints } from './endpoints'
