export { noticeAcademyClosures, noticeClassChange, noticeClassClosures } from './class-notices'
export { noticeInvoiceIssued, noticePaymentFailed, noticeWaitlistOffer, type OfferFacts } from './family-notices'
export { sendScheduledNotices, type ScheduledNoticesResult } from './scheduled-notices'
