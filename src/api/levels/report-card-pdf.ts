import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { notFound } from '#api/errors'
import { PdfWriter } from '#api/lib/pdf-document'
import { getSiteTexts } from '#api/site-content'
import { formatCalendarDay } from '#shared/dates'
import { RECOMMENDATION_LABELS, SKILL_SECTION_LABELS, SKILL_SECTIONS } from '#shared/levels'
import { ASSESSMENT_MESSAGES, type ReportCardDto } from './assessment.schemas'
import { reportCards } from './assessment-review'

/**
 * A recorded exam result as the report card prints it. Exams build on levels, so the results
 * are read by the caller (the endpoint, the page) through `#api/exams` and passed in here.
 */
export type ReportCardExamResult = { syllabus: string; levelName: string; date: string; mark: number; gradeLabel: string }

/** The recommendation in words: "Move to Grade 4", "Move up", "Stay at this level". */
export function recommendationText(card: Pick<ReportCardDto, 'recommendation' | 'recommendedLevel'>): string | null {
  if (card.recommendation === 'move-to' && card.recommendedLevel) return `Move to ${card.recommendedLevel.name}`
  return card.recommendation ? RECOMMENDATION_LABELS[card.recommendation] : null
}

/** An exam result in words: "RAD Grade 3, 10 January 2027: Merit, mark 78". */
export function examResultText(result: ReportCardExamResult): string {
  return `${result.syllabus} ${result.levelName}, ${formatCalendarDay(result.date)}: ${result.gradeLabel}, mark ${result.mark}`
}

/** One published report card of the student, or 404 (the same read as the page: another family's student, an unpublished window). */
export async function reportCard(req: PayloadRequest, user: User, studentId: number, windowId: number): Promise<ReportCardDto> {
  const card = (await reportCards(req, user, studentId)).find((c) => c.windowId === windowId)
  if (!card) throw notFound(ASSESSMENT_MESSAGES.windowNotFound)
  return card
}

/**
 * GET /api/students/:id/report-cards/:windowId/pdf: one report card as a PDF (the academy's
 * name, the student, the level, each skill's score, the comment, the recommendation, and the
 * student's recorded exam results).
 */
export async function reportCardPdf(
  req: PayloadRequest,
  card: ReportCardDto,
  examResults: readonly ReportCardExamResult[],
): Promise<{ bytes: Uint8Array; filename: string }> {
  const academy = (await getSiteTexts(req.payload)).text('global.site_name')
  const pdf = await PdfWriter.create({ title: `${card.assessment}: report card, ${card.student}`, creator: academy, margin: 56, size: 11 })
  pdf.write(academy, { size: 12, bold: true })
  pdf.write(`${card.assessment}: report card`, { size: 18, bold: true, gapBefore: 6 })
  pdf.write(`${card.student} · ${card.level ? `Level: ${card.level.name}` : 'No level'} · Published ${formatCalendarDay(card.publishedAt.slice(0, 10))}`)
  for (const section of SKILL_SECTIONS) {
    const skills = card.skills.filter((s) => s.section === section)
    if (skills.length === 0) continue
    pdf.write(SKILL_SECTION_LABELS[section], { bold: true, size: 13, gapBefore: 10 })
    for (const skill of skills) pdf.write(`${skill.skill}: ${skill.score === null ? 'Not assessed' : `${skill.score} · ${skill.scoreLabel}`}`)
  }
  if (card.comment) pdf.write('Teacher’s comment', { bold: true, size: 13, gapBefore: 10 }).write(card.comment)
  const recommendation = recommendationText(card)
  if (recommendation) pdf.write(`Recommendation: ${recommendation}`, { bold: true, gapBefore: 10 })
  if (examResults.length) {
    pdf.write('Exam results', { bold: true, size: 13, gapBefore: 10 })
    for (const result of examResults) pdf.write(examResultText(result))
  }
  const slug = `${card.student}-${card.assessment}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return { bytes: await pdf.save(), filename: `report-card-${slug}.pdf` }
}
