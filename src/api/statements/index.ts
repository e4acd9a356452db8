export { statementEndpoints } from './endpoints'
