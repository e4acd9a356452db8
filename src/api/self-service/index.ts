export { selfServiceEndpoints } from './endpoints'
export { removeAsFamily } from './removal'
