import { EXAM_ENTRY_STATUS_LABELS, type ExamEntryStatus } from '#api/exams/schemas'
import { Badge, type BadgeTone } from '#islands/components/ui/Badge'

const TONE: Record<ExamEntryStatus, BadgeTone> = {
  proposed: 'yellow',
  confirmed: 'brand',
  accepted: 'green',
  'declined-by-studio': 'grey',
  'declined-by-family': 'grey',
  withdrawn: 'grey',
}

/** Where an exam entry stands, in words and colour: the same badge for the studio and the teacher. */
export function ExamStatusBadge({ status }: { status: ExamEntryStatus }) {
  return <Badge tone={TONE[status]}>{EXAM_ENTRY_STATUS_LABELS[status]}</Badge>
}
