export { chargeDueAutopay, saveCardFromWebhook, settleAutopayFromWebhook, statementAutopay } from './autopay'
export { autopayEndpoints } from './endpoints'
