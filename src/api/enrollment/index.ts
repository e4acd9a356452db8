export { enrollmentEndpoints } from './endpoints'
