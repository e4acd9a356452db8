export { attendanceEndpoints } from './endpoints'
