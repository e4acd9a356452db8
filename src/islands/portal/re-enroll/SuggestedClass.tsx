import type { ReactNode } from 'react'

import type { SuggestedClassDto } from '#api/seasons/schemas'
import { ClassWhen } from '#islands/portal/components/ClassFacts'
import { LevelBadge } from '#islands/portal/components/StudentAvatar'
import { formatMonthlyPrice } from '#shared/money'

/**
 * A suggested class of the next season, as the other class cards show one: name (`title`, a
 * label when it can be chosen), price, ages, level, days and time, room and instructor.
 */
export function SuggestedClassFacts({ cls, recommended, title, id }: { cls: SuggestedClassDto; recommended: boolean; title: ReactNode; id?: string }) {
  return (
    <div className="min-w-0 flex-1">
      <div className="flex items-start justify-between gap-3">
        <span className="font-semibold">{title}</span>
        <span className="shrink-0 font-semibold text-brand-800">{formatMonthlyPrice(cls.price)}</span>
      </div>
      <div id={id}>
        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-gray-800">
          <span>Ages {cls.ageGroup}</span>
          {cls.level ? <LevelBadge level={cls.level} /> : null}
          {recommended ? <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">Recommended level</span> : null}
          {cls.enrolled ? <span className="rounded-full bg-gray-800 px-2.5 py-0.5 text-xs font-semibold text-white">Enrolled</span> : null}
        </p>
        <div className="mt-1">
          <ClassWhen cls={cls} />
        </div>
        <p className="text-sm text-gray-800">
          {cls.room ? `Room: ${cls.room} · ` : ''}Instructor: {cls.instructor}
        </p>
      </div>
    </div>
  )
}
