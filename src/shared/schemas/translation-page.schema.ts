import { z } from 'zod'
import './zod-config.js'
import { languageCodeSchema } from './language.schema.js'
import { pageSeoMapSchema } from './seo.schema.js'

export const pageSlugSchema = z
  .string({ error: 'Page Slug is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Page Slug is required')
  .max(80, 'Page Slug must be at most 80 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Page Slug may hold only letters, digits and single dashes')

export const addTranslationPageSchema = z.object({ page: pageSlugSchema })

const textMap = z.record(
  z.string().max(2000, 'A source text must be at most 2000 characters'),
  z
    .string({ error: 'A translated text must be text' })
    .max(10000, 'A translated text must be at most 10000 characters'),
)

/** SPEC 3: a list whose first element maps a language code to { source text: translated text }. */
export const pageTranslationsSchema = z
  .array(z.record(languageCodeSchema, textMap, { error: 'Translations must map language codes to texts' }), {
    error: 'Translations must be a list',
  })
  .min(1, 'Translations must hold one element')
  .max(1, 'Translations must hold one element')

export const updateTranslationPageSchema = z.object({
  page: pageSlugSchema.optional(),
  /** Each language's SEO fields (decision 112): only the languages and fields given change. */
  seo: pageSeoMapSchema.optional(),
  translations: z
    .union([z.string(), z.array(z.unknown())], { error: 'Translations must be a list' })
    .transform((value, ctx) => {
      let parsed: unknown = value
      if (typeof value === 'string') {
        try {
          parsed = JSON.parse(value)
        } catch {
          ctx.addIssue({ code: 'custom', message: 'Translations must be valid JSON' })
          return z.NEVER
        }
      }
      const result = pageTranslationsSchema.safeParse(parsed)
      if (!result.success) {
        ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'Translations are invalid' })
        return z.NEVER
      }
      return result.data
    })
    .optional(),
})
