export { confirmEnrollmentInBackground, wantsEmail } from './enrollment-confirmation'
export { autopayActionMail, autopayFailedMail, emailChangedMail, passwordResetMail, waitlistOfferMail } from './mail-templates'
export { emailEndpoints } from './endpoints'
