import { useFamilyStatement } from '#islands/api/statements/admin-family-statement'
import { StatementView } from '#islands/components/Statement'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Dialog } from '#islands/components/ui/Dialog'
import { Loading } from '#islands/components/ui/LoadState'

const LOAD_FAILED = 'Failed to load the statement. Please try again.'

/** One family's statement, as the family sees it on /billing (decisions §11). */
export function FamilyStatementDialog({ family, onClose }: { family: { id: number; fullName: string } | null; onClose: () => void }) {
  const statement = useFamilyStatement(family?.id ?? null)
  return (
    <Dialog open={family !== null} onClose={onClose} title={family ? `Statement — ${family.fullName}` : 'Statement'} wide closeButton>
      {statement.isPending ? (
        <Loading label="Loading the statement…" />
      ) : statement.isError ? (
        <ErrorCard message={LOAD_FAILED} retryLabel="Try again" onRetry={() => void statement.refetch()} />
      ) : (
        <>
          <p className="mb-3 text-sm break-words text-gray-700">{statement.data.email}</p>
          <StatementView statement={statement.data} />
        </>
      )}
    </Dialog>
  )
}
