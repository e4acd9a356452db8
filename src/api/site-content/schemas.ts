import { z } from 'zod'

export const CONTENT_SECTIONS = ['home', 'contact', 'dashboard', 'classes', 'about', 'faq', 'footer', 'policy', 'global'] as const
export const CONTENT_TYPES = ['text', 'html', 'markdown', 'json', 'image'] as const

export type ContentSection = (typeof CONTENT_SECTIONS)[number]
export type ContentType = (typeof CONTENT_TYPES)[number]

/** Messages of spec §5 (site content), shared by the editor dialog and the server. */
export const SITE_CONTENT_MESSAGES = {
  keyTooShort: 'Key must be at least 3 characters',
  keyFormat: 'Key may contain only letters, digits, dots, dashes and underscores',
  titleTooShort: 'Title must be at least 3 characters',
  contentRequired: 'Content is required',
  sectionRequired: 'Section is required',
  contentTypeInvalid: 'Content type must be one of text, html, markdown, json or image',
  keyImmutable: 'The key of a site text cannot be changed.',
  keyTrailingDot: 'Key may not end with a dot',
  invalidJson: 'Content of type json must be valid JSON',
  notFound: 'Site text not found.',
} as const

/** Letters, digits, dots, dashes and underscores, as in `home.hero.title` (spec §3 key hints). */
export const SITE_CONTENT_KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*$/i

const keySchema = z
  .string({ error: SITE_CONTENT_MESSAGES.keyTooShort })
  .trim()
  .min(3, SITE_CONTENT_MESSAGES.keyTooShort)
  .max(120, 'Key must be at most 120 characters')
  .regex(SITE_CONTENT_KEY_PATTERN, SITE_CONTENT_MESSAGES.keyFormat)
  // A path segment ending in a dot has no single meaning, so the router refuses it (decisions/003):
  // such a key could never be read or edited by its address.
  .refine((key) => !key.endsWith('.'), SITE_CONTENT_MESSAGES.keyTrailingDot)

const titleSchema = z
  .string({ error: SITE_CONTENT_MESSAGES.titleTooShort })
  .trim()
  .min(3, SITE_CONTENT_MESSAGES.titleTooShort)
  .max(200, 'Title must be at most 200 characters')

const contentSchema = z
  .string({ error: SITE_CONTENT_MESSAGES.contentRequired })
  .min(1, SITE_CONTENT_MESSAGES.contentRequired)
  .max(100_000, 'Content must be at most 100,000 characters')
  .refine((value) => value.trim().length > 0, SITE_CONTENT_MESSAGES.contentRequired)

const sectionSchema = z.enum(CONTENT_SECTIONS, { error: SITE_CONTENT_MESSAGES.sectionRequired })
const contentTypeSchema = z.enum(CONTENT_TYPES, { error: SITE_CONTENT_MESSAGES.contentTypeInvalid })
const publishedSchema = z.boolean({ error: 'isPublished must be true or false' })

/** The editor's fields (spec §5): contentType defaults to text, isPublished to true. */
export const siteContentFieldsSchema = z.object({
  title: titleSchema,
  content: contentSchema,
  section: sectionSchema,
  contentType: contentTypeSchema.default('text'),
  isPublished: publishedSchema.default(true),
})

/** POST /api/site-content. */
export const siteContentCreateSchema = siteContentFieldsSchema.extend({ key: keySchema })
export type SiteContentCreate = z.infer<typeof siteContentCreateSchema>

/**
 * PATCH /api/site-content/{key}: every field optional and without defaults (a PATCH that
 * omits isPublished must not publish). `key` is accepted only to refuse a change of it;
 * `updatedBy` is accepted and ignored: the server records the signed-in admin.
 */
export const siteContentUpdateSchema = z.object({
  key: z.string().trim().optional(),
  title: titleSchema.optional(),
  content: contentSchema.optional(),
  section: sectionSchema.optional(),
  contentType: contentTypeSchema.optional(),
  isPublished: publishedSchema.optional(),
  updatedBy: z.unknown().optional(),
})
export type SiteContentUpdate = z.infer<typeof siteContentUpdateSchema>

export type SiteContentDto = {
  key: string
  title: string
  content: string
  section: ContentSection
  contentType: ContentType
  isPublished: boolean
  updatedAt: string
}
