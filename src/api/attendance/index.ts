export { findMark, findTaughtClass } from './attendance'
export { attendanceEndpoints } from './endpoints'
