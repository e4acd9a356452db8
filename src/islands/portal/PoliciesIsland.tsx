import type { UserDto } from '#api/accounts/auth.schemas'
import { PortalRoot } from './components/PortalRoot'
import { SignPolicies } from './policies/SignPolicies'

/** /policies (issue 26): sign what a student still needs. */
export default function PoliciesIsland({ user, studentId, classIds, next }: { user: UserDto; studentId: number; classIds: number[]; next: string }) {
  return (
    <PortalRoot user={user}>
      {() => (
        <main id="main" className="px-4 py-5">
          <SignPolicies studentId={studentId} classIds={classIds} next={next} />
        </main>
      )}
    </PortalRoot>
  )
}
