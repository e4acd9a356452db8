export { classCalendar, classesById, invalidateClasses, listClasses, toClassDto } from './classes'
export { classEndpoints } from './endpoints'
