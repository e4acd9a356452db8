export { type BillingDayResult, type Clock, clockFrom, runBillingDay, STALE_MS, systemClock } from './billing-calendar'
export { runTuitionMonth } from './tuition-run'
export { quoteFirstTuition, type TuitionQuote } from './tuition-quote'
export { tuitionEndpoints } from './endpoints'
