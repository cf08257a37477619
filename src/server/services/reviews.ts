import { randomUUID } from 'node:crypto'
import { eq, isNull, sql } from 'drizzle-orm'
import { machineFieldsByRow } from '../translation/machine-fields.js'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import { seoOf, type SeoFields } from '../../shared/seo-fields.js'
import type { Review } from '../../shared/types.js'
import type { PublishingFields, WithDraft } from '../../shared/publishing.js'
import type { WriteOptions } from '../../shared/schemas/publishing.schema.js'
import { appendAudit } from './audit-log.js'
import { type ContentRow, REVIEW_KIND } from './publishing/record-kinds.js'
import { pendingSchedules, publishingFields } from './publishing/record-state.js'
import { imagesOfRecord, recordCreated, saveContent } from './publishing/record-writes.js'
import { checkVersion } from './publishing/stale-version.js'
import { trashRecord } from './publishing/trash.js'
import type { Executor } from '../db/client.js'
import { reviews } from '../db/schema.js'
import { badRequest, notFound } from '../errors.js'
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
import { missingAltCount, savedAlts, withUploadPaths } from './image-alts.js'
import { type AltTextCount, type ImageAlts, reviewAltImages, withoutAltOf } from '../../shared/image-alts.js'

type ReviewRow = typeof reviews.$inferSelect

export const REVIEW_NOT_FOUND = 'Review not found'
export const REVIEW_FILE_FIELDS = { featuredImage: 'one', ogImage: 'one' } as const

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

export type AdminReview = Review & PublishingFields & AltTextCount & Partial<WithDraft<Record<string, unknown>>>

async function toAdminReviews(
  db: Executor,
  members: GroupMember<ReviewRow>[],
  withDraft = false,
): Promise<AdminReview[]> {
  const times = await pendingSchedules(
    db,
    'review',
    members.map((m) => m.row.id),
  )
  const machine = await machineFieldsByRow(
    db,
    'review',
    members.map((m) => m.row),
  )
  return members.map((member) => ({
    ...toReview(member),
    ...publishingFields(REVIEW_KIND, member.row, member.group, times(member.row.id)),
    missingAltText: missingAltCount(REVIEW_KIND, member.row, member.group),
    // Filled by machine, not yet reviewed (issue 40).
    machineFields: machine.get(member.row.id) ?? [],
    ...(withDraft && { draft: member.row.draft }),
  }))
}

function toReview({ row, group }: GroupMember<ReviewRow>): Review {
  const parent = row.parentId ? group.find((m) => m.id === row.parentId) : undefined
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    featuredImage: row.featuredImage,
    ...seoOf(row),
    imageAlts: row.imageAlts ?? {},
    language: row.language,
    // The original's alt text: what a translation without its own shows (decision 115).
    parentId: parent ? { _id: parent.id, language: parent.language, imageAlts: parent.imageAlts ?? {} } : null,
    translations: group.filter((m) => m.id !== row.id).map((m) => ({ code: m.language, _id: m.id })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** get-reviews (admin): every review but the trash, with its publishing state. */
/** A review alone (the preview of a draft): its group is not read. */
export const toReviewWithGroup = (row: ReviewRow): Review => toReview({ row, group: [row] })

export async function listReviews(db: Executor, page?: ListPage): Promise<AdminReview[]> {
  return toAdminReviews(db, await reviewGroups.list(db, page))
}

/** For each published original review, newest first: its published translation into `language`, or the original. */
export async function listReviewsIn(db: Executor, language: string, page?: ListPage): Promise<Review[]> {
  return (await publicReviewGroups.listIn(db, language, page)).map(toReview)
}

export async function getReview(db: Executor, id: string): Promise<AdminReview> {
  const [member] = await reviewGroups.withGroups(db, [await reviewGroups.get(db, id)])
  const [review] = await toAdminReviews(db, [member!], true)
  return review!
}

export async function listReviewTranslations(db: Executor, id: string): Promise<AdminReview[]> {
  return toAdminReviews(db, await reviewGroups.translationsOf(db, id))
}

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
  const mode = options.saveAs === 'draft' ? 'draft' : 'publish'
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

/** Uploads are stored first; then the row is locked, read and written in one transaction. */
export async function updateReview(
  ctx: ServiceContext,
  id: string,
  fields: ReviewFields,
  files: UploadedFiles,
  options: WriteOptions = {},
): Promise<AdminReview> {
  await reviewGroups.get(ctx.db, id)
  const mode = options.saveAs === 'draft' ? 'draft' : 'publish'
  const previous = await withUploads(ctx.images, files, (stored) =>
    ctx.db.transaction(async (tx) => {
      const current = await reviewGroups.lock(tx, id)
      checkVersion(options.version, current)
      const base = { ...current, ...(current.draft ?? {}) } as ReviewRow
      const next = {
        title: fields.title ?? base.title,
        description: fields.description ?? base.description,
        featuredImage: stored.featuredImage?.[0] ?? base.featuredImage,
        seoTitle: fields.seoTitle ?? base.seoTitle,
        seoDescription: fields.seoDescription ?? base.seoDescription,
        noindex: fields.noindex ?? base.noindex,
        ogImage: stored.ogImage?.[0] ?? base.ogImage,
      }
      const imageAlts = withUploadPaths(fields.imageAlts, stored)
      const alts = savedAlts(base.imageAlts, imageAlts, reviewAltImages(next), 'review')
      await saveContent(tx, ctx, REVIEW_KIND, current, { ...next, imageAlts: alts }, mode)
      return imagesOfRecord(REVIEW_KIND, current)
    }),
  )
  if (mode === 'publish') {
    await ctx.images.deleteUnreferenced(previous)
    ctx.contentChanged()
  }
  return getReview(ctx.db, id)
}

/** delete-review: into the trash, an original with its translations (trash.ts). */
export async function deleteReview(ctx: ServiceContext, id: string): Promise<void> {
  await trashRecord(ctx, REVIEW_KIND, id)
}

export async function removeReviewImage(
  ctx: ServiceContext,
  reviewId: string,
  imagePath: string,
): Promise<AdminReview> {
  const published = await ctx.db.transaction(async (tx) => {
    const row = await reviewGroups.lock(tx, reviewId)
    // The featured image or the social image (ogImage), in the row or its draft.
    const field = row.ogImage === imagePath || row.draft?.ogImage === imagePath ? 'ogImage' : 'featuredImage'
    const inRow = row[field] === imagePath
    const inDraft = row.draft?.[field] === imagePath
    if (!inRow && !inDraft) throw notFound('This review has no such image')
    await tx
      .update(reviews)
      .set({
        ...(inRow ? { [field]: null, imageAlts: withoutAltOf(row.imageAlts, imagePath) } : {}),
        draft: inDraft
          ? { ...row.draft, [field]: null, imageAlts: withoutAltOf(row.draft?.imageAlts as ImageAlts, imagePath) }
          : row.draft,
        updatedAt: new Date(),
        version: row.version + 1,
        changedBy: ctx.actor.username,
        changedAt: new Date(),
      })
      .where(eq(reviews.id, row.id))
    await appendAudit(tx, ctx.actor, {
      action: 'remove-image',
      kind: 'review',
      recordId: row.id,
      recordLabel: row.title,
      language: row.language,
      changes: { image: { from: imagePath, to: null } },
    })
    return inRow
  })
  await ctx.images.deleteUnreferenced([imagePath])
  if (published) ctx.contentChanged()
  return getReview(ctx.db, reviewId)
}
