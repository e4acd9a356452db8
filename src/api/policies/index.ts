export { policyEndpoints } from './endpoints'
export { refuseUnsignedPolicies } from './enrollment-rule'
export { photoReleaseChoices } from './roster'
export { publishPolicyVersion } from './versions'
