export { CANCELLATION_MESSAGES, CANCELLED_LABEL, cancelClassOn, isCancelledOn, undoCancellationOn } from './cancellations'
export { catalogueCache, classCalendar, classesById, findClass, invalidateClasses, listClasses, toClassDto } from './classes'
export { classEndpoints } from './endpoints'
export { placeKey, placesByClass, placesTakenOn } from './places'
