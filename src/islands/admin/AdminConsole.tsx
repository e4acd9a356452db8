import type { UserDto } from '#api/accounts/auth.schemas'
import { QueryProvider } from '#islands/components/QueryProvider'
import { AcademyTimeZonePrompt } from './AcademyTimeZonePrompt'
import { AdminTabs, type Tab } from './AdminTabs'
import { AttendanceTab } from './attendance/AttendanceTab'
import { ClassesTab } from './classes/ClassesTab'
import { EmailTestsTab } from './email/EmailTestsTab'
import { InquiriesTab } from './inquiries/InquiriesTab'
import { InvoicesTab } from './invoices/InvoicesTab'
import { MessagesTab } from './messages/MessagesTab'
import { PaymentsTab } from './payments/PaymentsTab'
import { PoliciesTab } from './policies/PoliciesTab'
import { SiteContentList } from './site-content/SiteContentList'
import { StudentsTab } from './students/StudentsTab'
import { TuitionTab } from './tuition/TuitionTab'
import { NotifyProvider } from '#islands/components/ui/Toast'
import { AcademyTimeZoneContext, ViewerContext } from './viewer'
import { UsersTab } from './users/UsersTab'
import { WaitlistsTab } from './waitlists/WaitlistsTab'
import { AssessmentsTab } from './assessments/AssessmentsTab'
import { ExamsTab } from './exams/ExamsTab'

/**
 * Spec §2 "Admin": seven tabs, and Tuition (decisions §11), Waitlists (decisions §15) and
 * Attendance (decisions §16), Assessments and Exams (issue 27), Policies (issue 26). The site texts are a tab of their own (issue 23), no longer a list
 * under every tab.
 */
const TABS: Tab[] = [
  { id: 'invoices', label: 'Invoices', render: () => <InvoicesTab /> },
  { id: 'tuition', label: 'Tuition', render: () => <TuitionTab /> },
  { id: 'classes', label: 'Classes', render: () => <ClassesTab /> },
  { id: 'waitlists', label: 'Waitlists', render: () => <WaitlistsTab /> },
  { id: 'users', label: 'Users', render: () => <UsersTab /> },
  { id: 'students', label: 'Students', render: () => <StudentsTab /> },
  { id: 'attendance', label: 'Attendance', render: () => <AttendanceTab /> },
  { id: 'assessments', label: 'Assessments', render: () => <AssessmentsTab /> },
  { id: 'exams', label: 'Exams', render: () => <ExamsTab /> },
  { id: 'policies', label: 'Policies', render: () => <PoliciesTab /> },
  { id: 'messages', label: 'Messages', render: () => <MessagesTab /> },
  { id: 'inquiries', label: 'Inquiries', render: () => <InquiriesTab /> },
  { id: 'payments', label: 'Payments', render: () => <PaymentsTab /> },
  { id: 'email', label: 'Email Tests', render: () => <EmailTestsTab /> },
  { id: 'content', label: 'Site Content', render: () => <SiteContentList /> },
]

/**
 * The administration console at /admin. The page renders it only for an administrator, so
 * nobody else downloads it; the server refuses every admin call from anyone else anyway.
 */
export default function AdminConsole({ viewer, timeZone = null }: { viewer: UserDto; timeZone?: string | null }) {
  return (
    <QueryProvider>
      <ViewerContext.Provider value={viewer}>
        <AcademyTimeZoneContext.Provider value={timeZone}>
          <NotifyProvider durationMs={5000} flash>
            <AcademyTimeZonePrompt />
            <AdminTabs tabs={TABS} label="Administration" />
          </NotifyProvider>
        </AcademyTimeZoneContext.Provider>
      </ViewerContext.Provider>
    </QueryProvider>
  )
}
