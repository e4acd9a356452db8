export { cancelCredit, createCredit, listCredits, lockFamilyBilling, openCreditsOf, pendingCreditsOf } from './credits'
export { insertInvoice, isDuplicateTuition, toInvoiceDto } from './invoices'
export { applyLateFees, runLateFees } from './late-fees'
export { invoiceEndpoints } from './endpoints'
