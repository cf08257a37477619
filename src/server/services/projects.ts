import { eq, or } from 'drizzle-orm'
import { isUuid } from '../../shared/ids.js'
import { MESSAGES } from '../../shared/messages.js'
import type { Project, TranslationLink } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { projects } from '../db/schema.js'
import { notFound } from '../errors.js'
import { type ImageFields, imagesOfRow } from './image-fields.js'
import { type GroupMember, type ListPage, translationGroups } from './translation-groups.js'

export type ProjectRow = typeof projects.$inferSelect

export const PROJECT_NOT_FOUND = MESSAGES.projectNotFound

export const projectGroups = translationGroups<ProjectRow>(projects, {
  groupLanguageConstraint: 'projects_group_language',
  notFoundMessage: PROJECT_NOT_FOUND,
  noun: 'project',
})

const linkOf = (row: ProjectRow): TranslationLink => ({ code: row.language, slug: row.slug })

/** A row as the API answers it; `group` holds every member of its translation group. */
export function toProject({ row, group }: GroupMember<ProjectRow>): Project {
  const parent = row.parentId ? group.find((m) => m.id === row.parentId) : undefined
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    slug: row.slug,
    status: row.status,
    isShow: row.isShow,
    space: row.space,
    beds: row.beds,
    baths: row.baths,
    galleryTitle1: row.galleryTitle1,
    galleryDesc1: row.galleryDesc1,
    galleryTitle2: row.galleryTitle2,
    galleryDesc2: row.galleryDesc2,
    featuredImage: row.featuredImage,
    galleryBannerImage: row.galleryBannerImage,
    galleryImages: row.galleryImages,
    amenities: row.amenities,
    language: row.language,
    parentId: parent
      ? {
          _id: parent.id,
          slug: parent.slug,
          language: parent.language,
          translations: group.filter((m) => m.id !== parent.id).map(linkOf),
        }
      : null,
    translations: group.filter((m) => m.id !== row.id).map(linkOf),
    brandDirection: row.brandDirection,
    isFeatured: row.isFeatured,
    isHomePageFeatured: row.isHomePageFeatured,
    isDetailPageFeatured: row.isDetailPageFeatured,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Every project, originals and translations, newest first. */
export async function listProjects(db: Executor, page?: ListPage): Promise<Project[]> {
  return (await projectGroups.list(db, page)).map(toProject)
}

/** For each original, newest first: its translation into `language`, or the original itself. */
export async function listProjectsIn(db: Executor, language: string, page?: ListPage): Promise<Project[]> {
  return (await projectGroups.listIn(db, language, page)).map(toProject)
}

/** Whole translation groups, originals newest first (the sitemap lists every version). */
export async function listProjectGroups(db: Executor, page: ListPage): Promise<Project[][]> {
  return (await projectGroups.groups(db, page)).map((group) => group.map(toProject))
}

export const countOriginalProjects = (db: Executor) => projectGroups.countOriginals(db)

/** By `_id` or by slug. */
export async function findProjectRow(db: Executor, idOrSlug: string): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(isUuid(idOrSlug) ? or(eq(projects.id, idOrSlug), eq(projects.slug, idOrSlug)) : eq(projects.slug, idOrSlug))
  return row
}

export async function getProjectRow(db: Executor, idOrSlug: string): Promise<ProjectRow> {
  const row = await findProjectRow(db, idOrSlug)
  if (!row) throw notFound(PROJECT_NOT_FOUND)
  return row
}

export async function getProject(db: Executor, idOrSlug: string): Promise<Project> {
  const [member] = await projectGroups.withGroups(db, [await getProjectRow(db, idOrSlug)])
  return toProject(member!)
}

/** Every version of a project's translation group (found by `_id` or slug of any), the original first. */
export async function getProjectVersions(db: Executor, idOrSlug: string): Promise<Project[]> {
  const [member] = await projectGroups.withGroups(db, [await getProjectRow(db, idOrSlug)])
  return member!.group.map((row) => toProject({ row, group: member!.group }))
}

/** The translations of a project's original (for a translation: its siblings and not itself). */
export async function listProjectTranslations(db: Executor, id: string): Promise<Project[]> {
  return (await projectGroups.translationsOf(db, id)).map(toProject)
}

/** Where a project keeps images (image-fields.ts). */
export const PROJECT_IMAGES: ImageFields<ProjectRow> = {
  table: projects,
  single: ['featuredImage', 'galleryBannerImage'],
  lists: ['galleryImages'],
  withImage: ['amenities'],
}

/** Every image path a project row holds. */
export const imagesOf = (row: ProjectRow) => imagesOfRow(PROJECT_IMAGES, row)
