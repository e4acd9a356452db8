export { findMark } from './attendance'
export { attendanceEndpoints } from './endpoints'
