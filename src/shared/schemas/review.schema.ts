import { z } from 'zod'
import { booleanish, idSchema, jsonField, optionalText, requiredText } from './fields.js'
import { imageAltsSchema } from './image-alts.schema.js'
import { languageCodeSchema } from './language.schema.js'
import { seoFieldsSchema } from './seo.schema.js'

export const reviewFieldsSchema = z.object({
  title: requiredText('Title', 200),
  description: requiredText('Description', 5000),
  language: languageCodeSchema,
  // Optional on every call, add-review's included (a review has no page of its own today).
  ...seoFieldsSchema.partial().shape,
  /** Alt text of the featured image (decision 115): its path, or `featuredImage` for this call's upload. */
  imageAlts: jsonField('imageAlts', imageAltsSchema).optional(),
})

export const addReviewSchema = reviewFieldsSchema.partial({ language: true })
export const updateReviewSchema = reviewFieldsSchema.omit({ language: true }).partial()

export const translateReviewSchema = z.object({
  translate: booleanish('Translate'),
  parentId: idSchema('parentId'),
})

/** saveAs=draft on update-review: a draft may be unfinished; publishing checks it. */
export const reviewDraftSchema = updateReviewSchema.extend({
  title: optionalText('Title', 200).optional(),
  description: optionalText('Description', 5000).optional(),
})
