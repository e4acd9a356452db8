import { useId, useState } from 'react'

import { useMedicalNoteReads } from '#islands/api/care/admin-medical-note-reads'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { BUTTON } from '#islands/components/ui/styles'
import { useAcademyDateTime } from '#islands/admin/viewer'

/** The audit of staff reads of medical notes (issue 24): who read whose notes, when. Loaded when opened. */
export function MedicalNoteReads() {
  const when = useAcademyDateTime()
  const id = useId()
  const [open, setOpen] = useState(false)
  const reads = useMedicalNoteReads(open)
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6">
      <h3 id={`${id}-title`} className="font-semibold">
        Medical-note reads
      </h3>
      <button type="button" className={BUTTON.secondary} aria-expanded={open} aria-controls={`${id}-list`} onClick={() => setOpen(!open)}>
        {open ? 'Hide the audit' : 'Show who read medical notes'}
      </button>
      <div id={`${id}-list`} hidden={!open} className="mt-2">
        {!open ? null : reads.isPending ? (
          <Loading label="Loading the audit…" />
        ) : reads.isError ? (
          <ErrorCard retryLabel="Try again" message="Failed to load the audit" onRetry={() => reads.refetch()} />
        ) : reads.data.length === 0 ? (
          <Empty>Nobody has read a student&apos;s medical notes yet.</Empty>
        ) : (
          <ul className="space-y-1 text-sm" aria-label="Medical-note reads">
            {reads.data.map((read) => (
              <li key={read.id}>
                {when(read.readAt)}: {read.reader.name} ({read.reader.role === 'admin' ? 'administrator' : 'teacher'}) read {read.student.name}&apos;s notes
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
