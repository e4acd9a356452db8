import type { ClassDto } from '#api/classes/schemas'
import { groupBySeason } from '#islands/lib/season-groups'

/**
 * A select's class options; once classes of two seasons exist (after a rollover every class has a
 * copy of the same name), one <optgroup> per season, so the office picks the right one (issue 41).
 */
export function SeasonClassOptions({ classes, label = (cls) => cls.name }: { classes: readonly ClassDto[]; label?: (cls: ClassDto) => string }) {
  const groups = groupBySeason(classes)
  const options = (list: readonly ClassDto[]) =>
    list.map((cls) => (
      <option key={cls.id} value={cls.id}>
        {label(cls)}
      </option>
    ))
  if (groups.length < 2) return <>{options(classes)}</>
  return (
    <>
      {groups.map((group) => (
        <optgroup key={group.season?.id ?? 0} label={group.season ? `Season ${group.season.name}` : 'No season'}>
          {options(group.classes)}
        </optgroup>
      ))}
    </>
  )
}
