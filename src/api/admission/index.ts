export { refuseAdmission } from './refuse-admission'
export { freePlaces, insertEnrollment, lapsedOffer, lockClass, placesNow } from './class-places'
