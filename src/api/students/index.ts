export { findOwnStudent, toStudentDto } from './students'
export { studentEndpoints } from './endpoints'
