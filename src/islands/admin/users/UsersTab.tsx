import { useId, useState } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import { useDeleteUser } from '#islands/api/accounts/admin-delete-user'
import { useUserPage } from '#islands/api/accounts/admin-list-users'
import { useSetUserAdmin } from '#islands/api/accounts/admin-set-user-admin'
import { useSetUserStatus } from '#islands/api/accounts/admin-set-user-status'
import { useSetUserTeacher } from '#islands/api/accounts/admin-set-user-teacher'
import { ErrorCard } from '#islands/components/ui/Alert'
import { FilterField } from '#islands/components/ui/Field'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { useLoadFailureToast, useNotify, useNotifyFailure } from '#islands/components/ui/Toast'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { CARD, SCROLL_LIST, TABLE, TD } from '#islands/components/ui/styles'
import { TableHead } from '#islands/components/ui/TableHead'
import { useAcademyDateTime, useViewer } from '#islands/admin/viewer'
import { FamilyStatementDialog } from '#islands/admin/statements/FamilyStatementDialog'
import { HouseholdDialog } from '#islands/admin/households/HouseholdDialog'
import { Pager } from '#islands/components/ui/Pager'
import { scrollToTop } from '#islands/lib/scroll'
import { useClampedPage, useDebouncedValue, usePageSize } from '#islands/lib/use-list-paging'
import { blockedActions } from './user-protection'
import { UserActions } from './UserActions'
import { RoleBadge, StatusBadge } from './UserBadges'
import { shownOf } from '#shared/plural'

const LOAD_FAILED = 'Failed to load users. Please try again.'

type Confirming = { kind: 'deactivate' | 'delete'; user: UserDto }

export function UsersTab() {
  const formatDateTime = useAcademyDateTime()
  const id = useId()
  const [filter, setFilter] = useState('')
  const [page, setPage] = useState(1)
  const pageSize = usePageSize()
  // Issue 23: the server searches (a name, a child's name, an email) and pages, once the typing pauses.
  const q = useDebouncedValue(filter)
  const users = useUserPage({ q, page, pageSize })
  useClampedPage(page, users.data?.pageCount, setPage)
  const viewer = useViewer()
  const setStatus = useSetUserStatus()
  const setAdmin = useSetUserAdmin()
  const setTeacher = useSetUserTeacher()
  const remove = useDeleteUser()
  const notify = useNotify()
  const notifyFailure = useNotifyFailure()
  const [confirming, setConfirming] = useState<Confirming | null>(null)
  const [statementOf, setStatementOf] = useState<UserDto | null>(null)
  const [householdOf, setHouseholdOf] = useState<UserDto | null>(null)
  useLoadFailureToast(users.isError, LOAD_FAILED)

  const shown = users.data?.items ?? []
  const activeAdminCount = users.data?.activeAdminCount ?? 0

  function changeStatus(user: UserDto, isActive: boolean) {
    setStatus.mutate(
      { id: user.id, isActive },
      {
        onSuccess: () =>
          notify({
            title: 'User Status Updated',
            text: isActive ? `${user.fullName} has been reactivated and can log in again.` : `${user.fullName} has been deactivated.`,
          }),
        onError: (error) => notifyFailure('Failed to update user status', error),
        onSettled: () => setConfirming(null),
      },
    )
  }

  function changeAdmin(user: UserDto, isAdmin: boolean) {
    setAdmin.mutate(
      { id: user.id, isAdmin },
      {
        onSuccess: () =>
          notify({
            title: 'Admin Privileges Updated',
            text: isAdmin ? `${user.fullName} is now an administrator.` : `${user.fullName} is no longer an administrator.`,
          }),
        onError: (error) => notifyFailure('Failed to update admin privileges', error),
      },
    )
  }

  function changeTeacher(user: UserDto, isTeacher: boolean) {
    setTeacher.mutate(
      { id: user.id, isTeacher },
      {
        onSuccess: () =>
          notify({
            title: 'Teacher Role Updated',
            text: isTeacher ? `${user.fullName} is now a teacher and can take attendance at /teach.` : `${user.fullName} is no longer a teacher.`,
          }),
        onError: (error) => notifyFailure('Failed to update the teacher role', error),
      },
    )
  }

  function deleteAccount(user: UserDto) {
    remove.mutate(user.id, {
      onSuccess: () => notify({ title: 'User Deleted', text: `${user.fullName}'s account has been deleted.` }),
      onError: (error) => notifyFailure('Failed to delete user', error),
      onSettled: () => setConfirming(null),
    })
  }

  const busy = (user: UserDto) =>
    (setStatus.isPending && setStatus.variables?.id === user.id) ||
    (setAdmin.isPending && setAdmin.variables?.id === user.id) ||
    (setTeacher.isPending && setTeacher.variables?.id === user.id) ||
    (remove.isPending && remove.variables === user.id)

  const actionsFor = (user: UserDto) => (
    <UserActions
      user={user}
      blocked={blockedActions(user, viewer, activeAdminCount)}
      busy={busy(user)}
      onDeactivate={() => setConfirming({ kind: 'deactivate', user })}
      onReactivate={() => changeStatus(user, true)}
      onToggleAdmin={() => changeAdmin(user, !user.isAdmin)}
      onToggleTeacher={() => changeTeacher(user, !user.isTeacher)}
      onDelete={() => setConfirming({ kind: 'delete', user })}
      onStatement={() => setStatementOf(user)}
      onHousehold={() => setHouseholdOf(user)}
    />
  )

  return (
    <section aria-labelledby="users-heading">
      <SectionHeader id="users-heading" title="Users">
        Family, teacher and administrator accounts. A deactivated account cannot log in; its data is kept.
      </SectionHeader>

      <div className="mb-4 max-w-md">
        <FilterField
          id={`${id}-filter`}
          label="Filter by email, name or child's name"
          value={filter}
          onChange={(value) => {
            // A filter changes the view: back to the top, as on a page change (spec §2).
            setFilter(value)
            setPage(1)
            scrollToTop()
          }}
          placeholder="Name, child's name or name@example.com"
        />
      </div>

      {users.isPending ? (
        <Loading label="Loading users…" />
      ) : users.isError ? (
        <ErrorCard retryLabel="Try again" message={LOAD_FAILED} onRetry={() => users.refetch()} />
      ) : (
        <>
          <p className="mb-2 text-sm text-gray-700" aria-live="polite">
            {shownOf(users.data, 'account')}
          </p>
          {shown.length === 0 ? (
            <Empty>No account matches that search.</Empty>
          ) : (
            <>
              <div className={`hidden md:block ${SCROLL_LIST}`} role="region" aria-label="Users table" tabIndex={0}>
                <table className={TABLE}>
                  <TableHead columns={['Name', 'Email', 'Status', 'Role', 'Actions']} />
                  <tbody>
                    {shown.map((user) => (
                      <tr key={user.id} data-user-id={user.id} data-username={user.username}>
                        <td className={TD}>
                          <p className="font-medium">{user.fullName}</p>
                          <p className="text-gray-700">
                            {user.username} · joined {formatDateTime(user.createdAt)}
                          </p>
                        </td>
                        <td className={`${TD} break-all`}>{user.email}</td>
                        <td className={TD}>
                          <StatusBadge user={user} />
                        </td>
                        <td className={TD}>
                          <RoleBadge user={user} />
                        </td>
                        <td className={TD}>{actionsFor(user)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ul className={`space-y-3 p-3 md:hidden ${SCROLL_LIST}`} aria-label="Users">
                {shown.map((user) => (
                  <li key={user.id} className={CARD} data-user-id={user.id} data-username={user.username}>
                    <p className="font-medium">{user.fullName}</p>
                    <p className="text-sm break-all text-gray-700">
                      {user.username} · {user.email}
                    </p>
                    <p className="mt-2 flex gap-2">
                      <StatusBadge user={user} />
                      <RoleBadge user={user} />
                    </p>
                    <div className="mt-3">{actionsFor(user)}</div>
                  </li>
                ))}
              </ul>
              <Pager
                label="Users"
                page={page}
                pageCount={users.data.pageCount}
                busy={users.isPlaceholderData}
                onPage={(next) => {
                  setPage(next)
                  scrollToTop()
                }}
              />
            </>
          )}
        </>
      )}

      <ConfirmDialog
        open={confirming?.kind === 'deactivate'}
        title={confirming ? `Deactivate ${confirming.user.fullName}'s account?` : 'Deactivate account?'}
        confirmLabel="Deactivate"
        pendingLabel="Deactivating…"
        pending={setStatus.isPending}
        onConfirm={() => confirming && changeStatus(confirming.user, false)}
        onCancel={() => setConfirming(null)}
      >
        {confirming ? (
          <p>
            {confirming.user.fullName} ({confirming.user.email}) will no longer be able to log in, and any session they have open ends now. Their data —
            students, enrollments, invoices and payments — is kept, and you can reactivate the account at any time.
          </p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming?.kind === 'delete'}
        title={confirming ? `Delete ${confirming.user.fullName}'s account?` : 'Delete account?'}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => confirming && deleteAccount(confirming.user)}
        onCancel={() => setConfirming(null)}
      >
        {confirming ? (
          <>
            <p>Are you sure you want to delete {confirming.user.fullName}&apos;s account? This action cannot be undone.</p>
            <p className="mt-2">
              Their students, enrollments, notification preferences and saved cards are removed. Invoices and payments are kept as financial records.
            </p>
          </>
        ) : null}
      </ConfirmDialog>
      <FamilyStatementDialog family={statementOf} onClose={() => setStatementOf(null)} />
      <HouseholdDialog account={householdOf} onClose={() => setHouseholdOf(null)} />
    </section>
  )
}
