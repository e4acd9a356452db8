export { inquiryEndpoints } from './endpoints'
export { submitFamilyReply } from './inquiries'
