export { householdEndpoints } from './endpoints'
