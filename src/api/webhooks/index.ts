export { webhookEndpoints } from './endpoints'
