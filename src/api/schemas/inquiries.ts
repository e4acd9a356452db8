export const INQUIRY_SUBJECTS = [
  'General Question',
  'Class Information',
  'Registration',
  'Billing & Payments',
  'Private Lessons',
  'Other',
] as const
export type InquirySubject = (typeof INQUIRY_SUBJECTS)[number]
