export { seasonEndpoints } from './endpoints'
export { refuseOutsideRegistration, isReturning, type RegistrationCheck } from './registration-rule'
