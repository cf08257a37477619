import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { Review } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { reviews } from '../db/schema.js'
import { badRequest, notFound } from '../errors.js'
import type { ServiceContext } from './context.js'
import { type ImageFields, imagesOfRow } from './image-fields.js'
import { checkLanguage, type GroupMember, type ListPage, translationGroups } from './translation-groups.js'
import { type UploadedFiles, withUploads } from './uploads.js'

type ReviewRow = typeof reviews.$inferSelect

export const REVIEW_NOT_FOUND = 'Review not found'
export const REVIEW_FILE_FIELDS = { featuredImage: 'one' } as const

/** Where a review keeps its image (image-fields.ts). */
export const REVIEW_IMAGES: ImageFields<ReviewRow> = {
  table: reviews,
  single: ['featuredImage'],
  lists: [],
  withImage: [],
}

export const reviewGroups = translationGroups<ReviewRow>(reviews, {
  groupLanguageConstraint: 'reviews_group_language',
  notFoundMessage: REVIEW_NOT_FOUND,
  noun: 'review',
})

function toReview({ row, group }: GroupMember<ReviewRow>): Review {
  const parent = row.parentId ? group.find((m) => m.id === row.parentId) : undefined
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    featuredImage: row.featuredImage,
    language: row.language,
    parentId: parent ? { _id: parent.id, language: parent.language } : null,
    translations: group.filter((m) => m.id !== row.id).map((m) => ({ code: m.language, _id: m.id })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function listReviews(db: Executor, page?: ListPage): Promise<Review[]> {
  return (await reviewGroups.list(db, page)).map(toReview)
}

/** For each original review, newest first: its translation into `language`, or the original. */
export async function listReviewsIn(db: Executor, language: string, page?: ListPage): Promise<Review[]> {
  return (await reviewGroups.listIn(db, language, page)).map(toReview)
}

export async function getReview(db: Executor, id: string): Promise<Review> {
  const [member] = await reviewGroups.withGroups(db, [await reviewGroups.get(db, id)])
  return toReview(member!)
}

export async function listReviewTranslations(db: Executor, id: string): Promise<Review[]> {
  return (await reviewGroups.translationsOf(db, id)).map(toReview)
}

export interface ReviewFields {
  title?: string
  description?: string
  language?: string
}

export async function createReview(
  ctx: ServiceContext,
  fields: Required<Pick<ReviewFields, 'title' | 'description'>> & ReviewFields,
  files: UploadedFiles,
): Promise<Review> {
  if (!files.featuredImage?.length) throw badRequest('Featured image is required', 'featuredImage')
  const language = fields.language ?? BASE_LANGUAGE
  await checkLanguage(ctx.db, language)
  return insertReview(ctx, files, (stored, id) => ({
    id,
    groupId: id,
    title: fields.title,
    description: fields.description,
    language,
    featuredImage: stored.featuredImage![0]!,
  }))
}

/** add-review with translate=true: the original's text and image unless this request gives its own. */
export async function createReviewTranslation(
  ctx: ServiceContext,
  parentId: string,
  fields: ReviewFields,
  files: UploadedFiles,
): Promise<Review> {
  const original = await reviewGroups.originalFor(ctx.db, parentId, 'The review to translate was not found')
  if (!fields.language) throw badRequest('Language is required', 'language')
  await checkLanguage(ctx.db, fields.language)
  return insertReview(ctx, files, (stored, id) => ({
    id,
    groupId: original.id,
    parentId: original.id,
    language: fields.language!,
    title: fields.title ?? original.title,
    description: fields.description ?? original.description,
    featuredImage: stored.featuredImage?.[0] ?? original.featuredImage,
  }))
}

/** Stores the uploads, inserts the row they give, answers the new review. */
async function insertReview(
  ctx: ServiceContext,
  files: UploadedFiles,
  row: (stored: Record<string, string[]>, id: string) => typeof reviews.$inferInsert,
): Promise<Review> {
  const review = await withUploads(ctx.images, files, async (stored) => {
    const id = randomUUID()
    try {
      await ctx.db.insert(reviews).values(row(stored, id))
    } catch (error) {
      reviewGroups.explainConflict(error)
    }
    return getReview(ctx.db, id)
  })
  ctx.contentChanged()
  return review
}

/** Uploads are stored first; then the row is locked, read and written in one transaction. */
export async function updateReview(
  ctx: ServiceContext,
  id: string,
  fields: ReviewFields,
  files: UploadedFiles,
): Promise<Review> {
  await reviewGroups.get(ctx.db, id)
  const { review, previous } = await withUploads(ctx.images, files, (stored) =>
    ctx.db.transaction(async (tx) => {
      const current = await reviewGroups.lock(tx, id)
      await tx
        .update(reviews)
        .set({
          title: fields.title,
          description: fields.description,
          featuredImage: stored.featuredImage?.[0] ?? current.featuredImage,
          updatedAt: new Date(),
        })
        .where(eq(reviews.id, id))
      return { review: await getReview(tx, id), previous: current.featuredImage }
    }),
  )
  if (previous) await ctx.images.deleteUnreferenced([previous])
  ctx.contentChanged()
  return review
}

export async function deleteReview(ctx: ServiceContext, id: string): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await reviewGroups.lock(tx, id)
    const members = await reviewGroups.removedWith(tx, row)
    await tx.delete(reviews).where(eq(reviews.id, row.id))
    return members
  })
  await ctx.images.deleteUnreferenced(removed.flatMap((row) => imagesOfRow(REVIEW_IMAGES, row)))
  ctx.contentChanged()
}

export async function removeReviewImage(ctx: ServiceContext, reviewId: string, imagePath: string): Promise<Review> {
  const review = await ctx.db.transaction(async (tx) => {
    const row = await reviewGroups.lock(tx, reviewId)
    if (row.featuredImage !== imagePath) throw notFound('This review has no such image')
    await tx.update(reviews).set({ featuredImage: null, updatedAt: new Date() }).where(eq(reviews.id, row.id))
    return getReview(tx, row.id)
  })
  await ctx.images.deleteUnreferenced([imagePath])
  ctx.contentChanged()
  return review
}
