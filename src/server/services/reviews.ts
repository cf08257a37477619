import { randomUUID } from 'node:crypto'
import { desc, eq, inArray } from 'drizzle-orm'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { Review } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { reviews } from '../db/schema.js'
import { badRequest, conflict, isUniqueViolation, notFound } from '../errors.js'
import type { ServiceContext } from './context.js'
import { languageExists } from './languages.js'
import { byGroupId } from './projects.js'
import { type UploadedFiles, withUploads } from './uploads.js'

type ReviewRow = typeof reviews.$inferSelect

export const REVIEW_FILE_FIELDS = { featuredImage: 'one' } as const

function toReview(row: ReviewRow, group: ReviewRow[]): Review {
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

async function withGroups(db: Executor, rows: ReviewRow[]): Promise<Review[]> {
  const groupIds = [...new Set(rows.map((r) => r.groupId))]
  const members = groupIds.length
    ? await db.select().from(reviews).where(inArray(reviews.groupId, groupIds)).orderBy(reviews.createdAt)
    : []
  const groups = byGroupId(members)
  return rows.map((row) => toReview(row, groups.get(row.groupId) ?? [row]))
}

const newestFirst = [desc(reviews.createdAt), desc(reviews.id)]

export async function listReviews(db: Executor): Promise<Review[]> {
  return withGroups(
    db,
    await db
      .select()
      .from(reviews)
      .orderBy(...newestFirst),
  )
}

/** For each original review, newest first: its translation into `language`, or the original. */
export async function listReviewsIn(db: Executor, language: string): Promise<Review[]> {
  if (!(await languageExists(db, language))) throw notFound('Language not found')
  const all = await db
    .select()
    .from(reviews)
    .orderBy(...newestFirst)
  const groups = byGroupId(all)
  return all
    .filter((row) => row.parentId === null)
    .map((original) => {
      const group = groups.get(original.groupId) ?? [original]
      return toReview(group.find((m) => m.language === language) ?? original, group)
    })
}

async function getReviewRow(db: Executor, id: string): Promise<ReviewRow> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id))
  if (!row) throw notFound('Review not found')
  return row
}

export async function getReview(db: Executor, id: string): Promise<Review> {
  const [review] = await withGroups(db, [await getReviewRow(db, id)])
  return review!
}

export async function listReviewTranslations(db: Executor, id: string): Promise<Review[]> {
  const row = await getReviewRow(db, id)
  const group = await db.select().from(reviews).where(eq(reviews.groupId, row.groupId)).orderBy(reviews.createdAt)
  return withGroups(
    db,
    group.filter((m) => m.parentId !== null && m.id !== row.id),
  )
}

async function checkLanguage(db: Executor, language: string) {
  if (!(await languageExists(db, language))) throw badRequest(`Language "${language}" does not exist`, 'language')
}

function explainConflict(error: unknown): never {
  if (isUniqueViolation(error, 'reviews_group_language')) {
    throw conflict('This review already has a version in that language', 'language')
  }
  throw error
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
  const review = await withUploads(ctx.images, files, async (stored) => {
    const id = randomUUID()
    await ctx.db.insert(reviews).values({
      id,
      groupId: id,
      title: fields.title,
      description: fields.description,
      language,
      featuredImage: stored.featuredImage![0]!,
    })
    return getReview(ctx.db, id)
  })
  ctx.contentChanged()
  return review
}

/** add-review with translate=true: the original's text and image unless this request gives its own. */
export async function createReviewTranslation(
  ctx: ServiceContext,
  parentId: string,
  fields: ReviewFields,
  files: UploadedFiles,
): Promise<Review> {
  const found = await getReviewRow(ctx.db, parentId).catch(() => {
    throw notFound('The review to translate was not found')
  })
  const original = found.parentId ? await getReviewRow(ctx.db, found.parentId) : found
  if (!fields.language) throw badRequest('Language is required', 'language')
  await checkLanguage(ctx.db, fields.language)
  const review = await withUploads(ctx.images, files, async (stored) => {
    const id = randomUUID()
    try {
      await ctx.db.insert(reviews).values({
        id,
        groupId: original.id,
        parentId: original.id,
        language: fields.language!,
        title: fields.title ?? original.title,
        description: fields.description ?? original.description,
        featuredImage: stored.featuredImage?.[0] ?? original.featuredImage,
      })
    } catch (error) {
      explainConflict(error)
    }
    return getReview(ctx.db, id)
  })
  ctx.contentChanged()
  return review
}

export async function updateReview(
  ctx: ServiceContext,
  id: string,
  fields: ReviewFields,
  files: UploadedFiles,
): Promise<Review> {
  const current = await getReviewRow(ctx.db, id)
  const review = await withUploads(ctx.images, files, async (stored) => {
    await ctx.db
      .update(reviews)
      .set({
        title: fields.title,
        description: fields.description,
        featuredImage: stored.featuredImage?.[0] ?? current.featuredImage,
        updatedAt: new Date(),
      })
      .where(eq(reviews.id, id))
    return getReview(ctx.db, id)
  })
  if (current.featuredImage) await ctx.images.deleteUnreferenced([current.featuredImage])
  ctx.contentChanged()
  return review
}

export async function deleteReview(ctx: ServiceContext, id: string): Promise<void> {
  const row = await getReviewRow(ctx.db, id)
  const members = row.parentId ? [row] : await ctx.db.select().from(reviews).where(eq(reviews.groupId, row.id))
  await ctx.db.delete(reviews).where(eq(reviews.id, row.id))
  await ctx.images.deleteUnreferenced(members.map((m) => m.featuredImage).filter((p): p is string => Boolean(p)))
  ctx.contentChanged()
}

export async function removeReviewImage(ctx: ServiceContext, reviewId: string, imagePath: string): Promise<Review> {
  const row = await getReviewRow(ctx.db, reviewId)
  if (row.featuredImage !== imagePath) throw notFound('This review has no such image')
  await ctx.db.update(reviews).set({ featuredImage: null, updatedAt: new Date() }).where(eq(reviews.id, row.id))
  await ctx.images.deleteUnreferenced([imagePath])
  ctx.contentChanged()
  return getReview(ctx.db, row.id)
}
