import { useState } from 'react'

import { useTuitionSettings } from '#islands/api/tuition/admin-tuition-settings'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Loading } from '#islands/components/ui/LoadState'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { useLoadFailureToast } from '#islands/components/ui/Toast'
import { FamilyStatementDialog } from '#islands/admin/statements/FamilyStatementDialog'
import { RunMonth } from './RunMonth'
import { TuitionSettingsForm } from './TuitionSettingsForm'

const LOAD_FAILED = 'Failed to load the tuition settings. Please try again.'

/** The Tuition tab (decisions §11): the settings the monthly run bills with, and the run itself. */
export function TuitionTab() {
  const settings = useTuitionSettings()
  const [statementOf, setStatementOf] = useState<{ id: number; fullName: string } | null>(null)
  useLoadFailureToast(settings.isError, LOAD_FAILED)
  return (
    <section aria-labelledby="tuition-heading">
      <SectionHeader id="tuition-heading" title="Tuition">
        Monthly tuition: the settings it is billed with, a dry run of any month, and the month&apos;s figures.
      </SectionHeader>
      <div className="grid gap-4 lg:grid-cols-2">
        <RunMonth onStatement={setStatementOf} />
        {settings.isPending ? (
          <Loading label="Loading tuition settings…" />
        ) : settings.isError ? (
          <ErrorCard retryLabel="Try again" message={LOAD_FAILED} onRetry={() => settings.refetch()} />
        ) : (
          <TuitionSettingsForm settings={settings.data} />
        )}
      </div>
      <FamilyStatementDialog family={statementOf} onClose={() => setStatementOf(null)} />
    </section>
  )
}
