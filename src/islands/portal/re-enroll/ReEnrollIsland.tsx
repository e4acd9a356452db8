import type { UserDto } from '#api/accounts/auth.schemas'
import { PortalRoot } from '#islands/portal/components/PortalRoot'
import { ReEnroll } from './ReEnroll'

/** /re-enroll (issue 27): the next season's re-enrollment of a family's returning dancers. */
export default function ReEnrollIsland({ user }: { user: UserDto }) {
  return <PortalRoot user={user}>{() => <ReEnroll />}</PortalRoot>
}
