export { STALE_MS, tuitionStep, type TuitionStep } from './billing-calendar'
export { runTuitionMonth } from './tuition-run'
export { finishedRunMonths, quoteFirstTuition, type TuitionQuote } from './tuition-quote'
export { tuitionEndpoints } from './endpoints'
