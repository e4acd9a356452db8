export { inquiryEndpoints } from './endpoints'
