/**
 * The syllabus vocabulary (issue 27): the sections a level's skills are grouped by, and the
 * levels the demo academy teaches. Pure and browser-safe: the collection, the seed and the
 * portal read the same lists.
 */
export const SKILL_SECTIONS = ['barre', 'centre', 'allegro', 'pointe', 'performance'] as const
export type SkillSection = (typeof SKILL_SECTIONS)[number]

export const SKILL_SECTION_LABELS: Record<SkillSection, string> = {
  barre: 'Barre',
  centre: 'Centre',
  allegro: 'Allegro',
  pointe: 'Pointe',
  performance: 'Performance',
}

/** A teacher's recommendation after an assessment (issue 27). */
export const RECOMMENDATIONS = ['stay', 'move-up', 'move-to'] as const
export type Recommendation = (typeof RECOMMENDATIONS)[number]
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = { stay: 'Stay at this level', 'move-up': 'Move up', 'move-to': 'Move to another level' }

/** The scale an academy starts from: 1–4 with named steps (an administrator changes it per window). */
export const DEFAULT_SCALE = [
  { value: 1, label: 'Emerging' },
  { value: 2, label: 'Developing' },
  { value: 3, label: 'Secure' },
  { value: 4, label: 'Excellent' },
]

/** What a mark is about besides a skill (a skill is its id in the level). */
export const COMMENT_ITEM = 'comment'
export const RECOMMENDATION_ITEM = 'recommendation'
