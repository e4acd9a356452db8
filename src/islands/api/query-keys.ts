/**
 * Every key of the browser's query cache, in one place: the query options (`queryOptions`) and
 * the mutations' invalidations read the same entries, so what a list is cached under and what
 * refreshes it cannot drift apart. Keys nest as prefixes: invalidating `classes.all` refreshes
 * every filtered class list, `students.all` the list and each single student.
 */
export const queryKeys = {
  user: ['user'] as const,
  classes: {
    all: ['classes'] as const,
    list: (ageGroup?: string) => ['classes', ageGroup ?? 'all'] as const,
  },
  students: {
    all: ['students'] as const,
    one: (id: number) => ['students', id] as const,
    /** The student's published report cards (issue 27). */
    reportCards: (id: number) => ['students', id, 'report-cards'] as const,
    /** The student's level and the levelled classes (issue 27): refreshed with the students. */
    placement: (id: number) => ['students', id, 'placement'] as const,
  },
  enrollments: {
    all: ['enrollments'] as const,
    ofStudent: (studentId: number) => ['enrollments', studentId] as const,
    /** What enrolling would cost (issue 23): refreshed with the enrollments. */
    quote: (studentId: number, classIds: readonly number[]) => ['enrollments', 'quote', studentId, classIds.join(',')] as const,
  },
  /** A student's care information and authorised pickups (issue 24). */
  care: {
    all: ['care'] as const,
    ofStudent: (studentId: number) => ['care', studentId] as const,
  },
  /** Policies to sign (issue 26): a student's documents and the family's outstanding ones. */
  policies: {
    all: ['policies'] as const,
    ofStudent: (studentId: number) => ['policies', studentId] as const,
    outstanding: ['policies', 'outstanding'] as const,
    /** The studio's side: the documents, a document's compliance (by class), a signature's evidence. */
    admin: ['admin', 'policies'] as const,
    compliance: (documentId: number, classId: number | null) => ['admin', 'policies', documentId, classId ?? 'all'] as const,
    evidence: (signatureId: number) => ['admin', 'policies', 'evidence', signatureId] as const,
  },
  absences: {
    ofStudent: (studentId: number) => ['absences', studentId] as const,
    makeupOptions: (absenceId: number) => ['absences', 'makeup-options', absenceId] as const,
  },
  selfServiceRules: ['self-service-rules'] as const,
  /** The coming season's re-enrollment (issue 27): refreshed when a child is enrolled. */
  reEnrollment: ['re-enrollment'] as const,
  /** The family's own waitlist entries (decisions §15). */
  waitlist: ['waitlist'] as const,
  invoices: ['invoices'] as const,
  payments: ['payments'] as const,
  statement: ['statement'] as const,
  calendarLink: ['calendar-link'] as const,
  /** The caller's household: guardians, payer, waiting invitations (decisions §23). */
  household: ['household'] as const,
  /** Split billing: who each child (or class) of the household is billed to. */
  householdBilledTo: ['household', 'billed-to'] as const,
  notificationPreferences: ['notification-preferences'] as const,
  /** The family's inbox and its unread count (issue 25); reading or replying refreshes both. */
  messages: {
    all: ['messages'] as const,
    inbox: ['messages', 'inbox'] as const,
    preferences: ['messages', 'preferences'] as const,
  },
  /** The admin console's messages (issue 25). */
  adminMessages: {
    all: ['admin-messages'] as const,
    one: (id: number) => ['admin-messages', id] as const,
  },
  /** The household's exam entries to answer, with their results (issue 27, decisions §29). */
  examEntries: ['exam-entries'] as const,
  /** The syllabus levels (issue 27): the grades an exam session's fees name. */
  levels: ['levels'] as const,
  stripeConfig: ['stripe-config'] as const,
  autopay: ['autopay'] as const,
  siteContent: (key: string) => ['site-content', key] as const,
  teach: {
    classes: ['teach', 'classes'] as const,
    roster: (classId: number, date: string) => ['teach', 'roster', classId, date] as const,
    /** Open assessment windows with the caller's classes, and one class's sheet (issue 27). */
    assessments: ['teach', 'assessments'] as const,
    assessmentSheet: (windowId: number, classId: number) => ['teach', 'assessments', windowId, classId] as const,
    /** Exam sessions still to come, the teacher's candidates and their entries (decisions §29). */
    exams: ['teach', 'exams'] as const,
  },
  admin: {
    /** Seasons and a season's retention figure (issue 27, the next season). */
    seasons: ['admin', 'seasons'] as const,
    seasonRetention: (seasonId: number) => ['admin', 'seasons', seasonId, 'retention'] as const,
    /** Assessment windows and one window's review (issue 27). */
    assessments: ['admin', 'assessments'] as const,
    assessmentReview: (windowId: number) => ['admin', 'assessments', windowId] as const,
    /** Exam sessions still to come and every entry (decisions §29). */
    exams: ['admin', 'exams'] as const,
    examPage: (params: string) => ['admin', 'exams', 'page', params] as const,
    invoices: ['admin', 'invoices'] as const,
    /** One page of a search (issue 23), under `invoices`: whatever refreshes the list refreshes every page. */
    invoicePage: (params: string) => ['admin', 'invoices', 'page', params] as const,
    /** The payments of the invoices on screen (issue 23), under `payments`: a payment recorded or reversed refreshes them. */
    invoicePayments: (invoiceIds: string) => ['payments', 'of-invoices', invoiceIds] as const,
    credits: {
      all: ['admin', 'credits'] as const,
      ofFamily: (userId: number) => ['admin', 'credits', userId] as const,
    },
    inquiries: ['admin', 'inquiries'] as const,
    siteContent: ['admin', 'site-content'] as const,
    users: ['admin', 'users'] as const,
    userPage: (params: string) => ['admin', 'users', 'page', params] as const,
    students: ['admin', 'students'] as const,
    /** One page of the Students tab's search (issue 23), under `students`. */
    studentPage: (params: string) => ['admin', 'students', 'page', params] as const,
    enrollments: ['admin', 'enrollments'] as const,
    stripeConfig: ['admin', 'stripe-config'] as const,
    emailOutbox: ['admin', 'email-outbox'] as const,
    tuitionSettings: ['admin', 'tuition-settings'] as const,
    academyTimeZone: ['admin', 'academy-time-zone'] as const,
    /** The studio settings (the first-start setup offers the emergency-contact rule, decisions §37). */
    studioSettings: ['admin', 'studio-settings'] as const,
    tuitionSummaries: ['admin', 'tuition-summary'] as const,
    tuitionSummary: (month: string) => ['admin', 'tuition-summary', month] as const,
    statements: ['admin', 'statement'] as const,
    statement: (userId: number) => ['admin', 'statement', userId] as const,
    attendance: (query: string) => ['admin', 'attendance', query] as const,
    teachers: ['admin', 'teachers'] as const,
    waitlists: ['admin', 'waitlists'] as const,
    medicalNoteReads: ['admin', 'medical-note-reads'] as const,
  },
}
