export { examEndpoints } from './endpoints'
export { markExamFeesBilled, unbilledExamFees, type ExamFeeLine } from './billing'
export { examResultsOf } from './family'
