import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import { MESSAGES } from '../../shared/messages.js'
import type {
  AddProjectFields,
  TranslateProjectFields,
  UpdateProjectFields,
} from '../../shared/schemas/project.schema.js'
import type { Amenity, Project } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { projects } from '../db/schema.js'
import { badRequest, conflict, isUniqueViolation, notFound } from '../errors.js'
import type { ServiceContext } from './context.js'
import { getProject, getProjectRow, imagesOf, projectGroups, type ProjectRow } from './projects.js'
import { toSlug } from '../../shared/slug.js'
import { uniqueProjectSlug } from './slugs.js'
import { checkLanguage } from './translation-groups.js'
import { type UploadedFiles, withUploads } from './uploads.js'

export const SAME_SLUG_MESSAGE = MESSAGES.sameSlug

/** The file fields add-project and update-project accept (SPEC 7). */
export const PROJECT_FILE_FIELDS = { galleryImages: 'many', featuredImage: 'one', galleryBannerImage: 'one' } as const

async function checkReferences(ctx: ServiceContext, db: Executor, language: string | undefined, amenities?: Amenity[]) {
  if (language) await checkLanguage(db, language)
  const amenityImages = (amenities ?? []).map((a) => a.image).filter((p): p is string => Boolean(p))
  if (!(await ctx.images.allKnown(db, amenityImages))) {
    throw badRequest('Amenity Image must be an image uploaded to this server', 'amenities')
  }
}

/** Duplicate slugs and second translations into one language become 409s. */
function explainConflict(error: unknown, slug: string, slugField = 'slug'): never {
  if (isUniqueViolation(error, 'projects_slug_unique'))
    throw conflict(`The slug "${slug}" is already used by another project`, slugField)
  return projectGroups.explainConflict(error)
}

/**
 * Inserts with `slug()`; when the slug is chosen by the server and a concurrent request took it
 * between the check and the insert, it tries again with the next free one instead of a 409.
 */
async function insertWithSlug(slug: () => Promise<string>, insert: (slug: string) => Promise<unknown>, retry: boolean) {
  for (let attempt = 1; ; attempt++) {
    const candidate = await slug()
    try {
      await insert(candidate)
      return
    } catch (error) {
      if (retry && attempt < 5 && isUniqueViolation(error, 'projects_slug_unique')) continue
      explainConflict(error, candidate, retry ? 'slug' : 'translatedSlug')
    }
  }
}

export async function createProject(
  ctx: ServiceContext,
  fields: AddProjectFields,
  files: UploadedFiles,
): Promise<Project> {
  await checkReferences(ctx, ctx.db, fields.language, fields.amenities)
  const project = await withUploads(ctx.images, files, async (stored) => {
    const id = randomUUID()
    await insertWithSlug(
      () => uniqueProjectSlug(ctx.db, fields.title),
      (slug) =>
        ctx.db.insert(projects).values({
          ...fields,
          id,
          groupId: id,
          parentId: null,
          slug,
          language: fields.language ?? BASE_LANGUAGE,
          featuredImage: stored.featuredImage?.[0] ?? null,
          galleryBannerImage: stored.galleryBannerImage?.[0] ?? null,
          galleryImages: stored.galleryImages ?? [],
        }),
      true,
    )
    return getProject(ctx.db, id)
  })
  ctx.contentChanged()
  return project
}

/**
 * add-project with translate=true: a copy of the original in another language that carries the
 * original's images except `removeImages`, plus this request's uploads.
 */
export async function createProjectTranslation(
  ctx: ServiceContext,
  fields: Partial<AddProjectFields>,
  translation: TranslateProjectFields,
  files: UploadedFiles,
): Promise<Project> {
  const original = await projectGroups.originalFor(
    ctx.db,
    translation.parentId,
    'The project to translate was not found',
  )
  if (!fields.language) throw badRequest('Translation Language is required', 'language')
  const requested = translation.translatedSlug?.trim()
  if (requested && (requested === original.slug || toSlug(requested) === original.slug)) {
    throw badRequest(SAME_SLUG_MESSAGE, 'translatedSlug')
  }
  await checkReferences(ctx, ctx.db, fields.language, fields.amenities)

  const removed = new Set(translation.removeImages ?? [])
  const keep = (path: string | null) => (path && !removed.has(path) ? path : null)
  const project = await withUploads(ctx.images, files, async (stored) => {
    const id = randomUUID()
    const inherited = pickContent(original)
    await insertWithSlug(
      async () => (requested ? toSlug(requested) : uniqueProjectSlug(ctx.db, fields.title ?? original.title)),
      (slug) =>
        ctx.db.insert(projects).values({
          ...inherited,
          ...fields,
          id,
          groupId: original.id,
          parentId: original.id,
          slug,
          language: fields.language!,
          featuredImage: stored.featuredImage?.[0] ?? keep(original.featuredImage),
          galleryBannerImage: stored.galleryBannerImage?.[0] ?? keep(original.galleryBannerImage),
          galleryImages: [...original.galleryImages.filter((p) => !removed.has(p)), ...(stored.galleryImages ?? [])],
          amenities: (fields.amenities ?? original.amenities).map((a) => ({ ...a, image: keep(a.image) })),
        }),
      !requested,
    )
    return getProject(ctx.db, id)
  })
  ctx.contentChanged()
  return project
}

/** The text and flags a translation starts from. */
function pickContent(row: ProjectRow) {
  const { id, groupId, parentId, slug, language, createdAt, updatedAt, ...content } = row
  return content
}

/**
 * A missing field keeps its value. A new featured or banner image replaces the old one; new
 * gallery images are added after the current ones. Uploads are stored first (seconds of image
 * work); then the row is locked, read and written in one transaction, so a removal or save that
 * happened meanwhile is never overwritten.
 */
export async function updateProject(
  ctx: ServiceContext,
  id: string,
  fields: UpdateProjectFields,
  files: UploadedFiles,
): Promise<Project> {
  await getProjectRow(ctx.db, id)
  const { galleryOrder, ...changes } = fields
  await checkReferences(ctx, ctx.db, fields.language, fields.amenities)
  const { project, previous } = await withUploads(ctx.images, files, (stored) =>
    ctx.db.transaction(async (tx) => {
      const current = await projectGroups.lock(tx, id)
      const gallery = galleryOrder ? reorderGallery(current.galleryImages, galleryOrder) : current.galleryImages
      try {
        await tx
          .update(projects)
          .set({
            ...changes,
            featuredImage: stored.featuredImage?.[0] ?? current.featuredImage,
            galleryBannerImage: stored.galleryBannerImage?.[0] ?? current.galleryBannerImage,
            galleryImages: [...gallery, ...(stored.galleryImages ?? [])],
            updatedAt: new Date(),
          })
          .where(eq(projects.id, current.id))
      } catch (error) {
        explainConflict(error, current.slug)
      }
      return { project: await getProject(tx, current.id), previous: imagesOf(current) }
    }),
  )
  await ctx.images.deleteUnreferenced(previous)
  ctx.contentChanged()
  return project
}

/** The gallery in the order given, which must hold exactly the current images. */
function reorderGallery(current: string[], order: string[]): string[] {
  const same =
    order.length === current.length && new Set(order).size === order.length && order.every((p) => current.includes(p))
  if (!same) throw badRequest('galleryOrder must list exactly the current gallery images', 'galleryOrder')
  return order
}

/** Deleting an original deletes its translations (ON DELETE CASCADE) and then any image left unused. */
export async function deleteProject(ctx: ServiceContext, id: string): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await projectGroups.lock(tx, id)
    const members = await projectGroups.removedWith(tx, row)
    await tx.delete(projects).where(eq(projects.id, row.id))
    return members
  })
  await ctx.images.deleteUnreferenced(removed.flatMap(imagesOf))
  ctx.contentChanged()
}

/** Takes one image path off whichever field of the project holds it. */
export async function removeProjectImage(ctx: ServiceContext, projectId: string, imagePath: string): Promise<Project> {
  const project = await ctx.db.transaction(async (tx) => {
    const row = await projectGroups.lock(tx, projectId)
    if (!imagesOf(row).includes(imagePath)) throw notFound('This project has no such image')
    await tx
      .update(projects)
      .set({
        featuredImage: row.featuredImage === imagePath ? null : row.featuredImage,
        galleryBannerImage: row.galleryBannerImage === imagePath ? null : row.galleryBannerImage,
        galleryImages: row.galleryImages.filter((p) => p !== imagePath),
        amenities: row.amenities.map((a) => (a.image === imagePath ? { ...a, image: null } : a)),
        updatedAt: new Date(),
      })
      .where(eq(projects.id, row.id))
    return getProject(tx, row.id)
  })
  await ctx.images.deleteUnreferenced([imagePath])
  ctx.contentChanged()
  return project
}
