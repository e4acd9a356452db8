export { seasonEndpoints } from './endpoints'
export { refuseOutsideRegistration, isReturning } from './registration-rule'
