export { selfServiceEndpoints } from './endpoints'
