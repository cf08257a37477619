import { randomUUID } from 'node:crypto'
import { isNull, sql } from 'drizzle-orm'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { SeoFields } from '../../shared/seo-fields.js'
import { recordBase } from './record-base.js'
import type { Review } from '../../shared/types.js'
import type { WriteOptions } from '../../shared/schemas/publishing.schema.js'
import { type ContentRow, REVIEW_KIND } from './publishing/record-kinds.js'
import { recordCreated } from './publishing/record-writes.js'
import { saveMode, updateRecord } from './publishing/record-update.js'
import type { Executor } from '../db/client.js'
import { type AdminRecord, adminReads } from './admin-records.js'
import { reviews } from '../db/schema.js'
import { badRequest } from '../errors.js'
import type { ServiceContext } from './context.js'
import type { ImageFields } from './image-fields.js'
import {
  checkLanguage,
  type GroupMember,
  type ListPage,
  PUBLIC_OMITTED_COLUMNS,
  translationGroups,
} from './translation-groups.js'
import { type UploadedFiles, withUploads } from './uploads.js'
import { savedAlts, withUploadPaths } from './image-alts.js'
import { type ImageAlts, reviewAltImages } from '../../shared/image-alts.js'

type ReviewRow = typeof reviews.$inferSelect

export const REVIEW_NOT_FOUND = 'Review not found'

/** Where a review keeps its image (image-fields.ts). */
export const REVIEW_IMAGES = REVIEW_KIND.images as ImageFields<ContentRow> as ImageFields<ReviewRow>

const REVIEW_GROUPS = {
  groupLanguageConstraint: 'reviews_group_language',
  notFoundMessage: REVIEW_NOT_FOUND,
  noun: 'review',
}
/** The back office's view (everything but the trash) and the site's (published, not in the trash). */
export const reviewGroups = translationGroups<ReviewRow>(reviews, REVIEW_GROUPS, isNull(reviews.trashedAt))
const publicReviewGroups = translationGroups<ReviewRow>(
  reviews,
  REVIEW_GROUPS,
  sql`${reviews.publishState} = 'published' and ${reviews.trashedAt} is null`,
  PUBLIC_OMITTED_COLUMNS,
)

export type AdminReview = AdminRecord<Review>

function toReview({ row, group }: GroupMember<ReviewRow>): Review {
  const parent = row.parentId ? group.find((m) => m.id === row.parentId) : undefined
  return {
    ...recordBase(row),
    // The original's alt text: what a translation without its own shows (decision 115).
    parentId: parent ? { _id: parent.id, language: parent.language, imageAlts: parent.imageAlts ?? {} } : null,
    translations: group.filter((m) => m.id !== row.id).map((m) => ({ code: m.language, _id: m.id })),
  }
}

/** A review alone (the preview of a draft): its group is not read. */
export const toReviewWithGroup = (row: ReviewRow): Review => toReview({ row, group: [row] })

/** For each published original review, newest first: its published translation into `language`, or the original. */
export async function listReviewsIn(db: Executor, language: string, page?: ListPage): Promise<Review[]> {
  return (await publicReviewGroups.listIn(db, language, page)).map(toReview)
}

export const reviewReads = adminReads(REVIEW_KIND, reviewGroups, toReview)
/** get-reviews (admin): every review but the trash, with its publishing state. */
export const listReviews = reviewReads.list
export const getReview = reviewReads.get
export const listReviewTranslations = reviewReads.translationsOf

export interface ReviewFields extends Partial<Omit<SeoFields, 'ogImage'>> {
  title?: string
  description?: string
  language?: string
  imageAlts?: ImageAlts | undefined
}

export async function createReview(
  ctx: ServiceContext,
  fields: Required<Pick<ReviewFields, 'title' | 'description'>> & ReviewFields,
  files: UploadedFiles,
  options: WriteOptions = {},
): Promise<AdminReview> {
  if (!files.featuredImage?.length) throw badRequest('Featured image is required', 'featuredImage')
  const language = fields.language ?? BASE_LANGUAGE
  await checkLanguage(ctx.db, language)
  return insertReview(ctx, files, options, (stored, id) => ({
    id,
    groupId: id,
    title: fields.title,
    description: fields.description,
    language,
    featuredImage: stored.featuredImage![0]!,
    ...ownSeo(fields, stored),
    imageAlts: ownAlts(fields, stored, stored.featuredImage![0]!),
  }))
}

/** add-review with translate=true: the original's text and image unless this request gives its own. */
export async function createReviewTranslation(
  ctx: ServiceContext,
  parentId: string,
  fields: ReviewFields,
  files: UploadedFiles,
  options: WriteOptions = {},
): Promise<AdminReview> {
  const original = await reviewGroups.originalFor(ctx.db, parentId, 'The review to translate was not found')
  if (!fields.language) throw badRequest('Language is required', 'language')
  await checkLanguage(ctx.db, fields.language)
  return insertReview(ctx, files, options, (stored, id) => ({
    id,
    groupId: original.id,
    parentId: original.id,
    language: fields.language!,
    title: fields.title ?? original.title,
    description: fields.description ?? original.description,
    featuredImage: stored.featuredImage?.[0] ?? original.featuredImage,
    ...ownSeo(fields, stored),
    imageAlts: ownAlts(fields, stored, stored.featuredImage?.[0] ?? original.featuredImage),
  }))
}

/** A new review's SEO fields: its own, never its original's (decision 112). */
const ownSeo = (fields: ReviewFields, stored: Record<string, string[]>) => ({
  seoTitle: fields.seoTitle ?? '',
  seoDescription: fields.seoDescription ?? '',
  noindex: fields.noindex ?? false,
  ogImage: stored.ogImage?.[0] ?? null,
})

/** A new review's alt text: its own, never its original's, which it falls back to (decision 115). */
const ownAlts = (fields: ReviewFields, stored: Record<string, string[]>, featuredImage: string | null) =>
  savedAlts({}, withUploadPaths(fields.imageAlts, stored), reviewAltImages({ featuredImage }), 'review')

/** Stores the uploads, inserts the row they give, answers the new review. */
async function insertReview(
  ctx: ServiceContext,
  files: UploadedFiles,
  options: WriteOptions,
  row: (stored: Record<string, string[]>, id: string) => typeof reviews.$inferInsert,
): Promise<AdminReview> {
  const mode = saveMode(options)
  const review = await withUploads(ctx.images, files, async (stored) => {
    const id = randomUUID()
    try {
      await ctx.db.transaction(async (tx) => {
        await tx.insert(reviews).values(row(stored, id))
        await recordCreated(tx, ctx, REVIEW_KIND, id, mode)
      })
    } catch (error) {
      reviewGroups.explainConflict(error)
    }
    return getReview(ctx.db, id)
  })
  if (mode === 'publish') ctx.contentChanged()
  return review
}

/** A new featured or social image replaces the old one (record-update.ts says the rest). */
export async function updateReview(
  ctx: ServiceContext,
  id: string,
  fields: ReviewFields,
  files: UploadedFiles,
  options: WriteOptions = {},
): Promise<AdminReview> {
  await updateRecord<ReviewRow>(ctx, REVIEW_KIND, id, files, options, async (_tx, _current, base, stored) => {
    const next = {
      title: fields.title ?? base.title,
      description: fields.description ?? base.description,
      featuredImage: stored.featuredImage?.[0] ?? base.featuredImage,
      seoTitle: fields.seoTitle ?? base.seoTitle,
      seoDescription: fields.seoDescription ?? base.seoDescription,
      noindex: fields.noindex ?? base.noindex,
      ogImage: stored.ogImage?.[0] ?? base.ogImage,
    }
    const alts = savedAlts(
      base.imageAlts,
      withUploadPaths(fields.imageAlts, stored),
      reviewAltImages(next),
      'review',
      reviewAltImages(base),
    )
    return { content: { ...next, imageAlts: alts } }
  })
  return getReview(ctx.db, id)
}
