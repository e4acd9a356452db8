export { householdEndpoints } from './endpoints'
export { handOverBeforeDelete } from './guardians'
export { householdPayer } from './household'
