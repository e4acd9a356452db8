import { useId, useState } from 'react'

import type { AssessmentMarkInput, AssessmentSheetDto, MarkValueDto } from '#api/levels/assessment.schemas'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { COMMENT_ITEM, RECOMMENDATION_ITEM, RECOMMENDATION_LABELS, RECOMMENDATIONS, SKILL_SECTION_LABELS, SKILL_SECTIONS } from '#shared/levels'
import { assessmentMarkKey } from './unsaved-assessment'

type SheetStudent = AssessmentSheetDto['students'][number]
type Props = {
  sheet: AssessmentSheetDto
  student: SheetStudent
  unsaved: Record<string, AssessmentMarkInput>
  conflicts: ReadonlySet<string>
  send: (input: Omit<AssessmentMarkInput, 'markedAt'>) => void
}

const PRESSED = 'border-brand-800 bg-brand-700 text-white'
const UNPRESSED = 'border-gray-300 bg-white text-ink hover:bg-gray-50'

/** One student's assessment on the phone: a score per skill (by section), the comment and the recommendation. */
export function StudentSheet({ sheet, student, unsaved, conflicts, send }: Props) {
  const base = { windowId: sheet.window.id, classId: sheet.class.id, studentId: student.studentId }
  const key = (item: string) => assessmentMarkKey({ ...base, item })
  // What the teacher sees: the tap not yet confirmed, else their saved mark.
  const valueOf = (item: string): Partial<MarkValueDto> | null => unsaved[key(item)] ?? student.marks.find((m) => m.item === item) ?? null
  const pending = (item: string) => (unsaved[key(item)] ? <span className="text-sm font-semibold text-amber-900"> · not saved yet</span> : null)
  const conflict = (item: string) =>
    conflicts.has(key(item)) ? <p className="text-sm text-gray-800">Another assessor marked this differently: the office will choose.</p> : null
  const headingId = useId()
  const commentId = useId()
  const levelId = useId()
  const saved = valueOf(COMMENT_ITEM)?.comment ?? ''
  const [comment, setComment] = useState(saved)
  const recommendation = valueOf(RECOMMENDATION_ITEM)
  const [moveTo, setMoveTo] = useState<number | null>(recommendation?.recommendedLevelId ?? null)

  return (
    <li className={`${CARD} space-y-4`} data-testid="assessment-student">
      <h3 id={headingId} className="text-lg font-semibold">
        {student.fullName}
        <span className="block text-sm font-normal text-gray-700">
          {student.level ? `Assessed at ${student.level.name}` : 'No level: comment and recommendation only'}
        </span>
      </h3>
      {SKILL_SECTIONS.map((section) => {
        const skills = student.skills.filter((s) => s.section === section)
        if (skills.length === 0) return null
        return (
          <section key={section} aria-label={`${SKILL_SECTION_LABELS[section]}, ${student.fullName}`} className="space-y-3">
            <h4 className="font-semibold text-brand-800">{SKILL_SECTION_LABELS[section]}</h4>
            {skills.map((skill) => (
              <div key={skill.id} role="group" aria-label={`${skill.skill}, ${student.fullName}`} className="space-y-1">
                <p className="text-sm">
                  {skill.skill}
                  {pending(skill.id)}
                </p>
                <div className="grid grid-cols-4 gap-1">
                  {sheet.window.scale.map((step) => (
                    <button
                      key={step.value}
                      type="button"
                      aria-pressed={valueOf(skill.id)?.score === step.value}
                      onClick={() => send({ ...base, item: skill.id, score: step.value })}
                      className={`min-h-11 rounded-xl border-2 px-1 text-sm font-semibold ${valueOf(skill.id)?.score === step.value ? PRESSED : UNPRESSED}`}
                    >
                      {step.value} {step.label}
                    </button>
                  ))}
                </div>
                {conflict(skill.id)}
              </div>
            ))}
          </section>
        )
      })}
      <div className="space-y-2">
        <label htmlFor={commentId} className="block font-semibold">
          Comment for {student.fullName}
          {pending(COMMENT_ITEM)}
        </label>
        <textarea
          id={commentId}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          rows={3}
          maxLength={2000}
          className="w-full rounded-xl border border-gray-400 p-2"
        />
        <button type="button" className={BUTTON.secondary} disabled={comment === saved} onClick={() => send({ ...base, item: COMMENT_ITEM, comment })}>
          Save comment<span className="sr-only"> for {student.fullName}</span>
        </button>
      </div>
      <div role="group" aria-label={`Recommendation for ${student.fullName}`} className="space-y-2">
        <p className="font-semibold">
          Recommendation
          {pending(RECOMMENDATION_ITEM)}
        </p>
        <div className="grid grid-cols-3 gap-1">
          {RECOMMENDATIONS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={recommendation?.recommendation === value}
              disabled={value === 'move-to' && moveTo === null}
              onClick={() => send({ ...base, item: RECOMMENDATION_ITEM, recommendation: value, recommendedLevelId: value === 'move-to' ? moveTo : null })}
              className={`min-h-11 rounded-xl border-2 px-1 text-sm font-semibold disabled:opacity-60 ${recommendation?.recommendation === value ? PRESSED : UNPRESSED}`}
            >
              {RECOMMENDATION_LABELS[value]}
            </button>
          ))}
        </div>
        <label htmlFor={levelId} className="block text-sm font-semibold">
          Level to move to
        </label>
        <select
          id={levelId}
          value={moveTo ?? ''}
          onChange={(e) => setMoveTo(e.target.value ? Number(e.target.value) : null)}
          className="min-h-11 w-full rounded-xl border border-gray-400 bg-white px-3"
        >
          <option value="">Choose a level</option>
          {sheet.levels.map((level) => (
            <option key={level.id} value={level.id}>
              {level.name}
            </option>
          ))}
        </select>
        {conflict(RECOMMENDATION_ITEM)}
      </div>
    </li>
  )
}
