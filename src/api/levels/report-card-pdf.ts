import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { notFound } from '#api/errors'
import { textPdf, type PdfLine } from '#api/lib/pdf'
import { getSiteTexts } from '#api/site-content'
import { formatCalendarDay } from '#shared/dates'
import { RECOMMENDATION_LABELS, SKILL_SECTION_LABELS, SKILL_SECTIONS } from '#shared/levels'
import { ASSESSMENT_MESSAGES, type ReportCardDto } from './assessment.schemas'
import { reportCards } from './assessment-review'

/** The recommendation in words: "Move to Grade 4", "Move up", "Stay at this level". */
export function recommendationText(card: Pick<ReportCardDto, 'recommendation' | 'recommendedLevel'>): string | null {
  if (card.recommendation === 'move-to' && card.recommendedLevel) return `Move to ${card.recommendedLevel.name}`
  return card.recommendation ? RECOMMENDATION_LABELS[card.recommendation] : null
}

/**
 * GET /api/students/:id/report-cards/:windowId/pdf: one published report card as a PDF (the
 * academy's name, the student, the level, each skill's score, the comment, the recommendation).
 * The same read as the page: another family's student, or an unpublished window, is 404.
 */
export async function reportCardPdf(
  req: PayloadRequest,
  user: User,
  studentId: number,
  windowId: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; filename: string }> {
  const card = (await reportCards(req, user, studentId)).find((c) => c.windowId === windowId)
  if (!card) throw notFound(ASSESSMENT_MESSAGES.windowNotFound)
  const academy = (await getSiteTexts(req.payload)).text('global.site_name')
  const lines: PdfLine[] = [
    { text: academy, size: 12, bold: true },
    { text: `${card.assessment}: report card`, size: 18, bold: true, gapBefore: 6 },
    { text: `${card.student} · ${card.level ? `Level: ${card.level.name}` : 'No level'} · Published ${formatCalendarDay(card.publishedAt.slice(0, 10))}` },
  ]
  for (const section of SKILL_SECTIONS) {
    const skills = card.skills.filter((s) => s.section === section)
    if (skills.length === 0) continue
    lines.push({ text: SKILL_SECTION_LABELS[section], bold: true, size: 13, gapBefore: 10 })
    for (const skill of skills) lines.push({ text: `${skill.skill}: ${skill.score === null ? 'Not assessed' : `${skill.score} · ${skill.scoreLabel}`}` })
  }
  if (card.comment) lines.push({ text: 'Teacher’s comment', bold: true, size: 13, gapBefore: 10 }, { text: card.comment })
  const recommendation = recommendationText(card)
  if (recommendation) lines.push({ text: `Recommendation: ${recommendation}`, bold: true, gapBefore: 10 })
  const slug = `${card.student}-${card.assessment}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return { bytes: textPdf(lines), filename: `report-card-${slug}.pdf` }
}
