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
