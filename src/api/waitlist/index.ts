export { expireWaitlistOffers } from './expiry'
export { claimPlace, markOfferAccepted, offerFreedPlaces } from './offers'
export { waitlistEndpoints } from './endpoints'
