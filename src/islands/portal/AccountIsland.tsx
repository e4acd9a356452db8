import type { UserDto } from '#api/accounts/auth.schemas'
import { useCurrentUser } from '#islands/api/accounts/current-user'
import { useLogout } from '#islands/api/accounts/logout'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { CalendarLinkCard } from './account/CalendarLinkCard'
import { CardAutopaySection } from './account/CardAutopaySection'
import { ChooseChildDialog } from './account/ChooseChildDialog'
import { HouseholdSection } from './account/HouseholdSection'
import { SettingsTabs } from './account/SettingsTabs'
import { StudentsSection } from './account/StudentsSection'
import { PoliciesBanner } from './components/PoliciesBanner'
import { PortalRoot } from './components/PortalRoot'
import { Avatar } from './components/StudentAvatar'
import { setFlash } from '#islands/lib/flash'
import { PORTAL_TEXT } from './texts'

function Account({ user: initial, contactRequired }: { user: UserDto; contactRequired: boolean }) {
  // The cached user: a profile change shows here at once.
  const user = useCurrentUser().data ?? initial
  const notify = useNotify()
  const logout = useLogout()

  async function signOut() {
    try {
      await logout.mutateAsync()
      const message = { title: PORTAL_TEXT.loggedOut, text: PORTAL_TEXT.loggedOutText }
      setFlash(message)
      notify(message)
      window.location.assign('/auth')
    } catch (error) {
      notify({ title: PORTAL_TEXT.logoutError, text: errorMessage(error, PORTAL_TEXT.logoutErrorText), tone: 'error' })
    }
  }

  return (
    <main id="main" className="space-y-4 px-4 pb-5">
      <PoliciesBanner />
      <h1 className="sr-only">My Account</h1>
      <section aria-label="Your account" className="flex items-center gap-4 rounded-3xl border border-gray-200 bg-white p-4 shadow-sm">
        <Avatar name={user.fullName} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">{user.fullName}</p>
          <p className="truncate text-sm text-gray-800">{user.email}</p>
          <p className="mt-1 inline-flex items-center gap-1.5 text-sm font-semibold text-green-800">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-green-700" />
            {PORTAL_TEXT.membership}
          </p>
        </div>
      </section>

      <ChooseChildDialog user={user} />
      <StudentsSection user={user} contactRequired={contactRequired} />
      <SettingsTabs user={user} />
      <HouseholdSection />
      {user.guardianAccess === 'view' ? null : <CardAutopaySection />}
      <CalendarLinkCard />

      <section aria-labelledby="actions-title" className="rounded-3xl border border-gray-200 bg-white p-4 shadow-sm">
        <h2 id="actions-title" className="font-serif text-xl">
          Account Actions
        </h2>
        <button
          type="button"
          onClick={() => void signOut()}
          disabled={logout.isPending || logout.isSuccess}
          className="mt-3 inline-flex w-full items-center justify-center rounded-full border-2 border-red-700 px-6 py-3 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-70"
        >
          {logout.isPending || logout.isSuccess ? 'Signing Out...' : 'Sign Out'}
        </button>
      </section>
    </main>
  )
}

/** /account (spec §2). `contactRequired`: the studio asks for an emergency contact before a first class. */
export default function AccountIsland({ user, contactRequired = false }: { user: UserDto; contactRequired?: boolean }) {
  return (
    <PortalRoot user={user} flash>
      {(current) => <Account user={current} contactRequired={contactRequired} />}
    </PortalRoot>
  )
}
