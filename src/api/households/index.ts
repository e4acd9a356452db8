export { householdEndpoints } from './endpoints'
export { handOverBeforeDelete } from './guardians'
