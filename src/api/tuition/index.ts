export { type Clock, clockFrom, STALE_MS, systemClock } from './billing-calendar'
export { type BillingDayResult, runBillingDay, SCHEDULED_STEPS, type ScheduledDomain, stepContext } from './scheduled-steps'
export { runTuitionMonth } from './tuition-run'
export { tuitionEndpoints } from './endpoints'
