export { catalogueCache, classCalendar, classesById, findClass, invalidateClasses, listClasses, toClassDto } from './classes'
export { classEndpoints } from './endpoints'
export { placeKey, placesByClass, placesTakenOn } from './places'
