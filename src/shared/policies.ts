/**
 * The vocabulary of policy documents and signatures (issue 26), below both the collections and
 * the policies slice.
 */
export const POLICY_KINDS = ['waiver', 'photo-release', 'tuition-and-refund', 'code-of-conduct', 'other'] as const
export type PolicyKind = (typeof POLICY_KINDS)[number]

/** To whom a document applies: every student, the students of some classes or age groups, or once per household. */
export const POLICY_APPLIES_TO = ['every-student', 'classes', 'age-groups', 'household'] as const
export type PolicyAppliesTo = (typeof POLICY_APPLIES_TO)[number]

/** A signature row: a signature, a withdrawal of one, or the consent to sign electronically. */
export const SIGNATURE_KINDS = ['sign', 'withdraw', 'e-sign-consent'] as const
export type SignatureKind = (typeof SIGNATURE_KINDS)[number]
