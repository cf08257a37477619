import { z } from 'zod'
import { SEO_LIMITS } from '../seo-fields.js'
import { booleanish, imagePathSchema, optionalText } from './fields.js'
import { languageCodeSchema } from './language.schema.js'

/**
 * The SEO fields of a project or review form (decision 112). The messages name the field and its
 * limit. `ogImage` comes as an uploaded file on those forms (the kinds' `files`, record-kinds.ts), not here.
 */
export const seoFieldsSchema = z.object({
  seoTitle: optionalText('seoTitle', SEO_LIMITS.seoTitle),
  seoDescription: optionalText('seoDescription', SEO_LIMITS.seoDescription),
  noindex: booleanish('noindex'),
})

/** One page-text language's SEO on update-translation: `ogImage` is a path /upload-image answered. */
export const pageSeoSchema = seoFieldsSchema.partial().extend({
  ogImage: imagePathSchema('ogImage').nullable().optional(),
})

/** update-translation's `seo`: language code -> that language's SEO fields. */
export const pageSeoMapSchema = z.record(languageCodeSchema, pageSeoSchema, {
  error: 'seo must map language codes to SEO fields',
})
