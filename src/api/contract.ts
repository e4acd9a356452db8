import type { Endpoint } from 'payload'

import { accountEndpoints, adminUserEndpoints, sessionEndpoints } from '#api/accounts'
import { attendanceEndpoints } from '#api/attendance'
import { autopayEndpoints } from '#api/autopay'
import { calendarEndpoints } from '#api/calendar'
import { careEndpoints } from '#api/care'
import { householdEndpoints } from '#api/households'
import { messageEndpoints } from '#api/messages'
import { classEndpoints } from '#api/classes'
import { emailEndpoints } from '#api/email'
import { enrollmentEndpoints } from '#api/enrollment'
import { examEndpoints } from '#api/exams'
import { inquiryEndpoints } from '#api/inquiries'
import { invoiceEndpoints } from '#api/invoices'
import { assessmentEndpoints, levelsEndpoints } from '#api/levels'
import { paymentEndpoints, stripeEndpoints } from '#api/payments'
import { policyEndpoints } from '#api/policies'
import { seasonEndpoints } from '#api/seasons'
import { selfServiceEndpoints } from '#api/self-service'
import { siteAssetEndpoints, siteContentEndpoints } from '#api/site-content'
import { statementEndpoints } from '#api/statements'
import { studentEndpoints } from '#api/students'
import { studioEndpoints } from '#api/studio'
import { tuitionEndpoints } from '#api/tuition'
import { waitlistEndpoints } from '#api/waitlist'
import { webhookEndpoints } from '#api/webhooks'

/** Every call of the /api/* contract, mounted by server.ts (see ./http.ts for the prefix). */
export const contractEndpoints: Endpoint[] = [
  ...sessionEndpoints,
  ...accountEndpoints,
  ...studentEndpoints,
  ...careEndpoints,
  ...householdEndpoints,
  ...levelsEndpoints,
  ...seasonEndpoints,
  ...assessmentEndpoints,
  ...examEndpoints,
  ...policyEndpoints,
  ...messageEndpoints,
  ...classEndpoints,
  ...enrollmentEndpoints,
  ...siteContentEndpoints,
  ...siteAssetEndpoints,
  ...inquiryEndpoints,
  ...invoiceEndpoints,
  ...stripeEndpoints,
  ...webhookEndpoints,
  ...paymentEndpoints,
  ...adminUserEndpoints,
  ...emailEndpoints,
  ...calendarEndpoints,
  ...tuitionEndpoints,
  ...statementEndpoints,
  ...attendanceEndpoints,
  ...studioEndpoints,
  ...selfServiceEndpoints,
  ...waitlistEndpoints,
  ...autopayEndpoints,
]
