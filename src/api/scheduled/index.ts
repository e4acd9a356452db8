export { type BillingDayResult, runBillingDay, SCHEDULED_STEPS, type ScheduledDomain } from './steps'
