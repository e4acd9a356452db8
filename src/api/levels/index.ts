export { assessmentEndpoints } from './assessment.endpoints'
export { levelsEndpoints } from './endpoints'
export { refuseIneligible, type EligibilityCheck } from './eligibility'
export { classLevelId, placedLevelIds } from './placement-rule'
