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

/** What a review must hold to be published, checked on what a save leaves (see projectPublishSchema). */
export const reviewPublishSchema = reviewFieldsSchema.pick({ title: true, description: true })

/**
 * update-review's fields, for a draft save and a publishing save alike: a field left out keeps its
 * value, a given one may be empty; reviewPublishSchema decides whether the result can be public.
 */
export const updateReviewSchema = reviewFieldsSchema
  .omit({ language: true })
  .partial()
  .extend({
    title: optionalText('Title', 200).optional(),
    description: optionalText('Description', 5000).optional(),
  })

export const translateReviewSchema = z.object({
  translate: booleanish('Translate'),
  parentId: idSchema('parentId'),
})
