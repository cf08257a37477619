import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import { MESSAGES } from '../../shared/messages.js'
import type {
  AddProjectFields,
  TranslateProjectFields,
  UpdateProjectFields,
} from '../../shared/schemas/project.schema.js'
import type { Amenity } from '../../shared/types.js'
import type { WriteOptions } from '../../shared/schemas/publishing.schema.js'
import type { Executor } from '../db/client.js'
import { projects } from '../db/schema.js'
import { badRequest, conflict, isUniqueViolation } from '../errors.js'
import type { ServiceContext } from './context.js'
import { type AdminProject, getAdminProject, projectGroups, type ProjectRow } from './projects.js'
import { editableOf, PROJECT_KIND } from './publishing/record-kinds.js'
import { recordCreated } from './publishing/record-writes.js'
import { saveMode, updateRecord } from './publishing/record-update.js'
import { toSlug } from '../../shared/slug.js'
import { uniqueProjectSlug } from './slugs.js'
import { changeProjectSlug, slugTaken } from './slug-changes.js'
import { checkLanguage } from './translation-groups.js'
import { type UploadedFiles, withUploads } from './uploads.js'
import { savedAlts, withUploadPaths } from './image-alts.js'
import { projectAltImages } from '../../shared/image-alts.js'

export const SAME_SLUG_MESSAGE = MESSAGES.sameSlug

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
  options: WriteOptions = {},
): Promise<AdminProject> {
  await checkReferences(ctx, ctx.db, fields.language, fields.amenities)
  const project = await withUploads(ctx.images, files, async (stored) => {
    const id = randomUUID()
    await insertWithSlug(
      () => uniqueProjectSlug(ctx.db, fields.title),
      (slug) =>
        ctx.db.transaction(async (tx) => {
          const images = {
            featuredImage: stored.featuredImage?.[0] ?? null,
            galleryBannerImage: stored.galleryBannerImage?.[0] ?? null,
            galleryImages: stored.galleryImages ?? [],
            amenities: fields.amenities ?? [],
          }
          await tx.insert(projects).values({
            ...fields,
            ...images,
            id,
            groupId: id,
            parentId: null,
            slug,
            language: fields.language ?? BASE_LANGUAGE,
            ogImage: stored.ogImage?.[0] ?? null,
            imageAlts: savedAlts({}, withUploadPaths(fields.imageAlts, stored), projectAltImages(images), 'project'),
          })
          await slugTaken(tx, slug)
          await recordCreated(tx, ctx, PROJECT_KIND, id, saveMode(options))
        }),
      true,
    )
    return getAdminProject(ctx.db, id)
  })
  if (saveMode(options) === 'publish') ctx.contentChanged()
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
  options: WriteOptions = {},
): Promise<AdminProject> {
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
        ctx.db.transaction(async (tx) => {
          const images = {
            featuredImage: stored.featuredImage?.[0] ?? keep(original.featuredImage),
            galleryBannerImage: stored.galleryBannerImage?.[0] ?? keep(original.galleryBannerImage),
            galleryImages: [...original.galleryImages.filter((p) => !removed.has(p)), ...(stored.galleryImages ?? [])],
            amenities: (fields.amenities ?? original.amenities).map((a) => ({ ...a, image: keep(a.image) })),
          }
          await tx.insert(projects).values({
            ...inherited,
            ...fields,
            ...images,
            id,
            groupId: original.id,
            parentId: original.id,
            slug,
            language: fields.language!,
            ogImage: stored.ogImage?.[0] ?? null,
            // Its own, starting empty: the original's alt text shows until it has one (decision 115).
            imageAlts: savedAlts({}, withUploadPaths(fields.imageAlts, stored), projectAltImages(images), 'project'),
          })
          await slugTaken(tx, slug)
          await recordCreated(tx, ctx, PROJECT_KIND, id, saveMode(options))
        }),
      !requested,
    )
    return getAdminProject(ctx.db, id)
  })
  if (saveMode(options) === 'publish') ctx.contentChanged()
  return project
}

/**
 * The text and flags a translation starts from (the original's published content); not its SEO
 * (decision 112) nor its alt text, which the translation falls back to by path (decision 115).
 */
function pickContent(row: ProjectRow) {
  const {
    id,
    groupId,
    parentId,
    slug,
    language,
    createdAt,
    updatedAt,
    publishState,
    draft,
    version,
    changedBy,
    changedAt,
    scheduleError,
    sourceFingerprint,
    sourceText,
    trashedAt,
    trashedBy,
    seoTitle,
    seoDescription,
    ogImage,
    noindex,
    imageAlts,
    ...content
  } = row
  return content
}

/**
 * A new featured or banner image replaces the old one; new gallery images are added after the
 * current ones (record-update.ts says the rest).
 */
export async function updateProject(
  ctx: ServiceContext,
  id: string,
  fields: UpdateProjectFields,
  files: UploadedFiles,
  options: WriteOptions = {},
): Promise<AdminProject> {
  const { galleryOrder, language, slug, ...changes } = fields
  await checkReferences(ctx, ctx.db, language, fields.amenities)
  await updateRecord<ProjectRow>(ctx, PROJECT_KIND, id, files, options, async (tx, current, base, stored) => {
    const gallery = galleryOrder ? reorderGallery(base.galleryImages, galleryOrder) : base.galleryImages
    const images = {
      featuredImage: stored.featuredImage?.[0] ?? base.featuredImage,
      galleryBannerImage: stored.galleryBannerImage?.[0] ?? base.galleryBannerImage,
      galleryImages: [...gallery, ...(stored.galleryImages ?? [])],
      amenities: changes.amenities ?? base.amenities,
    }
    const content = {
      ...editableOf(PROJECT_KIND, base),
      ...changes,
      ...images,
      ogImage: stored.ogImage?.[0] ?? base.ogImage,
      imageAlts: savedAlts(
        base.imageAlts,
        withUploadPaths(changes.imageAlts, stored),
        projectAltImages(images),
        'project',
        projectAltImages(base),
      ),
    }
    if (language && language !== current.language) {
      try {
        await tx.update(projects).set({ language }).where(eq(projects.id, current.id))
      } catch (error) {
        explainConflict(error, current.slug)
      }
    }
    // The address changes at once, draft or not (slug-changes.ts); the audit entry names it.
    return { content, alsoChanged: slug === undefined ? {} : await changeProjectSlug(tx, ctx, current, slug) }
  })
  return getAdminProject(ctx.db, id)
}

/** The gallery in the order given, which must hold exactly the current images. */
function reorderGallery(current: string[], order: string[]): string[] {
  const same =
    order.length === current.length && new Set(order).size === order.length && order.every((p) => current.includes(p))
  if (!same) throw badRequest('galleryOrder must list exactly the current gallery images', 'galleryOrder')
  return order
}
