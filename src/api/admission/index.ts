export { actorOf, refuseAdmission } from './refuse-admission'
export { freePlaces, insertEnrollment, lapsedOffer, lockClass, placesNow, type ClassPlacesNow, type LockedClass } from './class-places'
