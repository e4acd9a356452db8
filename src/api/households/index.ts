export { householdEndpoints } from './endpoints'
export { HOUSEHOLD_COLUMNS } from './family-data'
export { handOverBeforeDelete } from './guardians'
export { householdPayer } from './household'
