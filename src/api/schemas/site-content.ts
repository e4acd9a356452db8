import { z } from 'zod'

export const CONTENT_SECTIONS = ['home', 'contact', 'dashboard', 'classes', 'about', 'faq', 'footer', 'policy', 'global'] as const
export const CONTENT_TYPES = ['text', 'html', 'markdown', 'json', 'image'] as const

export type ContentSection = (typeof CONTENT_SECTIONS)[number]
export type ContentType = (typeof CONTENT_TYPES)[number]

export const siteContentFieldsSchema = z.object({
  title: z.string().trim().min(3, 'Title must be at least 3 characters').max(200),
  content: z.string().min(1, 'Content is required').max(100_000),
  section: z.enum(CONTENT_SECTIONS, { error: 'Section is required' }),
  contentType: z.enum(CONTENT_TYPES).default('text'),
  isPublished: z.boolean().default(true),
})

export const siteContentCreateSchema = siteContentFieldsSchema.extend({
  key: z
    .string()
    .trim()
    .min(3, 'Key must be at least 3 characters')
    .max(120)
    .regex(/^[a-z0-9][a-z0-9._-]*$/i, 'Key may contain only letters, digits, dots, dashes and underscores'),
})
export type SiteContentCreate = z.infer<typeof siteContentCreateSchema>

export type SiteContentDto = {
  key: string
  title: string
  content: string
  section: ContentSection
  contentType: ContentType
  isPublished: boolean
  updatedAt: string
}
