export { listStudentEnrollments } from './enrollments'
export { enrollmentEndpoints } from './endpoints'
