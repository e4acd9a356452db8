import type { Endpoint } from 'payload'

import { accountEndpoints } from './account'
import { attendanceEndpoints } from './attendance'
import { autopayEndpoints } from './autopay'
import { adminUserEndpoints } from './admin-users'
import { calendarEndpoints } from './calendar'
import { classEndpoints } from './classes'
import { emailEndpoints } from './email'
import { enrollmentEndpoints } from './enrollments'
import { inquiryEndpoints } from './inquiries'
import { invoiceEndpoints } from './invoices'
import { paymentEndpoints } from './payments'
import { selfServiceEndpoints } from './self-service'
import { sessionEndpoints } from './session'
import { siteAssetEndpoints } from './site-assets'
import { siteContentEndpoints } from './site-content'
import { statementEndpoints } from './statements'
import { stripeEndpoints } from './stripe'
import { studentEndpoints } from './students'
import { studioEndpoints } from './studio'
import { tuitionEndpoints } from './tuition'
import { waitlistEndpoints } from './waitlist'

/** Every call of the /api/* contract, mounted by server.ts (see ../http.ts for the prefix). */
export const contractEndpoints: Endpoint[] = [
  ...sessionEndpoints,
  ...accountEndpoints,
  ...studentEndpoints,
  ...classEndpoints,
  ...enrollmentEndpoints,
  ...siteContentEndpoints,
  ...siteAssetEndpoints,
  ...inquiryEndpoints,
  ...invoiceEndpoints,
  ...stripeEndpoints,
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
