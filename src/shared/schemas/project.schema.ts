import { z } from 'zod'
import {
  booleanish,
  idSchema,
  imagePathSchema,
  jsonField,
  optionalCount,
  optionalText,
  requiredText,
} from './fields.js'
import { languageCodeSchema } from './language.schema.js'
import { seoFieldsSchema } from './seo.schema.js'
import { imageAltsSchema } from './image-alts.schema.js'
import { isUuid } from '../ids.js'
import { normalizeSlug } from '../slug.js'

export const amenitySchema = z.object({
  title: optionalText('Amenity Title', 200).default(''),
  image: imagePathSchema('Amenity Image').nullable().default(null),
})

export const amenitiesSchema = z
  .array(amenitySchema, { error: 'Amenities must be a list' })
  .max(50, 'At most 50 amenities')

/**
 * The text fields of a project form (SPEC 7, add-project / update-project). Every field may be
 * left out: on update a missing field keeps its value; on add the server fills defaults.
 */
export const projectFieldsSchema = z.object({
  title: requiredText('Title', 200),
  description: optionalText('Description', 10000),
  status: optionalText('Status', 200),
  space: optionalText('Space', 100),
  isShow: booleanish('Show as Comming Soon'),
  beds: optionalCount('Beds'),
  baths: optionalCount('Baths'),
  galleryTitle1: optionalText('Gallery title 1', 300),
  galleryDesc1: optionalText('Gallery description 1', 5000),
  galleryTitle2: optionalText('Gallery title 2', 300),
  galleryDesc2: optionalText('Gallery description 2', 5000),
  language: languageCodeSchema,
  amenities: jsonField('Amenities', amenitiesSchema),
  brandDirection: optionalText('Brand direction', 500),
  isFeatured: booleanish('Featured'),
  isHomePageFeatured: booleanish('Home page featured'),
  isDetailPageFeatured: booleanish('Detail page featured'),
  ...seoFieldsSchema.shape,
  /** Alt text per image path (decision 115); on add, a file field's name stands for its upload. */
  imageAlts: jsonField('imageAlts', imageAltsSchema),
})

// Not .required(): zod's nonoptional wrapper would answer its own message instead of 'Title is required'.
export const addProjectSchema = projectFieldsSchema.partial().extend({ title: projectFieldsSchema.shape.title })
export type AddProjectFields = z.output<typeof addProjectSchema>

/**
 * update-project's `slug` (issue 24): what the admin typed, made an address segment the way the
 * server makes slugs (transliterated, lower case, dashes). The old address keeps working.
 */
export const editedSlugSchema = optionalText('Slug', 200).transform((text, ctx) => {
  const slug = normalizeSlug(text)
  if (!slug) ctx.addIssue({ code: 'custom', message: 'Slug must hold letters or digits, e.g. villa-sol-nerja' })
  // /project/{x} finds a project by id too: a slug shaped like an id could hide another project.
  else if (isUuid(slug)) ctx.addIssue({ code: 'custom', message: 'Slug must not look like an id' })
  return slug
})

/**
 * What a project must hold to be published. It is checked on the content a save leaves (every field
 * left out keeps its value), when that save publishes and when a draft is published later; a draft
 * itself may be unfinished.
 */
export const projectPublishSchema = projectFieldsSchema.pick({ title: true })

/**
 * update-project's fields, for a draft save and a publishing save alike (one rule: a field left out
 * keeps its value). A given title may be empty here; projectPublishSchema decides whether the
 * result can be public.
 */
export const updateProjectSchema = projectFieldsSchema.partial().extend({
  title: optionalText('Title', 200).optional(),
  slug: editedSlugSchema.optional(),
  /** The current gallery in a new order (the admin drags images); new uploads follow it. */
  galleryOrder: jsonField(
    'galleryOrder',
    z.array(z.string().max(300), { error: 'galleryOrder must be a list of image paths' }).max(500),
  ).optional(),
})
export type UpdateProjectFields = z.output<typeof updateProjectSchema>

/** The extra fields add-project carries when it creates a translation. */
export const translateProjectSchema = z.object({
  translate: booleanish('Translate'),
  parentId: idSchema('parentId'),
  translatedSlug: optionalText('Translated Slug', 200).optional(),
  removeImages: jsonField(
    'removeImages',
    z.array(z.string().max(300), { error: 'removeImages must be a list of image paths' }).max(200),
  ).optional(),
})
export type TranslateProjectFields = z.output<typeof translateProjectSchema>

export const removeImageSchema = z
  .object({
    projectId: idSchema('projectId').optional(),
    reviewId: idSchema('reviewId').optional(),
    imageName: imagePathSchema('imageName'),
  })
  .refine((v) => Boolean(v.projectId) !== Boolean(v.reviewId), {
    message: 'Give either projectId or reviewId',
    path: ['projectId'],
  })
