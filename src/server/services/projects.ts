import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { isUuid } from '../../shared/ids.js'
import { MESSAGES } from '../../shared/messages.js'
import { recordBase } from './record-base.js'
import type { Project, TranslationLink } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { type AdminRecord, adminReads } from './admin-records.js'
import { projects } from '../db/schema.js'
import { HttpError, notFound } from '../errors.js'
import { type ContentRow, PROJECT_KIND } from './publishing/record-kinds.js'
import { type ImageFields, imagesOfRow } from './image-fields.js'
import { type GroupMember, type ListPage, PUBLIC_OMITTED_COLUMNS, translationGroups } from './translation-groups.js'

export type ProjectRow = typeof projects.$inferSelect

export const PROJECT_NOT_FOUND = MESSAGES.projectNotFound

const PROJECT_GROUPS = {
  groupLanguageConstraint: 'projects_group_language',
  notFoundMessage: PROJECT_NOT_FOUND,
  noun: 'project',
}

/** What the site shows: published and not in the trash (decision 081). */
const isPublic = sql`${projects.publishState} = 'published' and ${projects.trashedAt} is null`

/** The back office's view: everything but the trash. */
export const projectGroups = translationGroups<ProjectRow>(projects, PROJECT_GROUPS, isNull(projects.trashedAt))
/** The site's and the public API's view. */
export const publicProjectGroups = translationGroups<ProjectRow>(
  projects,
  PROJECT_GROUPS,
  isPublic,
  PUBLIC_OMITTED_COLUMNS,
)

const linkOf = (row: ProjectRow): TranslationLink => ({
  code: row.language,
  slug: row.slug,
  ...(row.noindex && { noindex: true as const }),
})

/** A row as the API answers it; `group` holds every member of its translation group. */
export function toProject({ row, group }: GroupMember<ProjectRow>): Project {
  const parent = row.parentId ? group.find((m) => m.id === row.parentId) : undefined
  return {
    ...recordBase(row),
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
    galleryBannerImage: row.galleryBannerImage,
    galleryImages: row.galleryImages,
    amenities: row.amenities,
    parentId: parent
      ? {
          _id: parent.id,
          slug: parent.slug,
          language: parent.language,
          translations: group.filter((m) => m.id !== parent.id).map(linkOf),
          imageAlts: parent.imageAlts ?? {},
        }
      : null,
    translations: group.filter((m) => m.id !== row.id).map(linkOf),
    brandDirection: row.brandDirection,
    isFeatured: row.isFeatured,
    isHomePageFeatured: row.isHomePageFeatured,
    isDetailPageFeatured: row.isDetailPageFeatured,
  }
}

/** Every published project, originals and translations, newest first. */
export async function listProjects(db: Executor, page?: ListPage): Promise<Project[]> {
  return (await publicProjectGroups.list(db, page)).map(toProject)
}

/** For each published original, newest first: its published translation into `language`, or the original itself. */
export async function listProjectsIn(db: Executor, language: string, page?: ListPage): Promise<Project[]> {
  return (await publicProjectGroups.listIn(db, language, page)).map(toProject)
}

/** Whole published translation groups, originals newest first (the sitemap lists every version). */
export async function listProjectGroups(db: Executor, page: ListPage): Promise<Project[][]> {
  return (await publicProjectGroups.groups(db, page)).map((group) => group.map(toProject))
}

export const countOriginalProjects = (db: Executor) => publicProjectGroups.countOriginals(db)

export type AdminProject = AdminRecord<Project>

export const projectReads = adminReads(PROJECT_KIND, projectGroups, toProject)
/** Every project but the trash, drafts and unpublished ones included, newest first (the back office's list). */
export const listAllProjects = projectReads.list
/** get-project: one record with its publishing state and draft. */
export const getAdminProject = projectReads.get
/** The translations of a project's original (for a translation: its siblings and not itself). */
export const listProjectTranslations = projectReads.translationsOf

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

/**
 * The public row of a project: published, not in the trash, and, for a translation, its original
 * published too. A project in the trash is gone (410), not unknown.
 */
async function findPublicProjectRow(db: Executor, idOrSlug: string): Promise<ProjectRow> {
  const row = await findProjectRow(db, idOrSlug)
  const visible = row && row.publishState === 'published' && !row.trashedAt
  if (!row || !visible || !(await publicProjectGroups.memberOfVisibleGroup(db, row))) {
    if (row && (row.trashedAt || (await inTrashedGroup(db, row)))) throw new HttpError(410, PROJECT_GONE)
    throw notFound(PROJECT_NOT_FOUND)
  }
  return row
}

/** The public project (single-project). */
export async function getProject(db: Executor, idOrSlug: string): Promise<Project> {
  const [member] = await publicProjectGroups.withGroups(db, [await findPublicProjectRow(db, idOrSlug)])
  return toProject(member!)
}

/**
 * Every public version of a project's translation group (found by `_id` or slug of any), the
 * original first: the project page reads them at once (site-data.ts).
 */
export async function getProjectVersions(db: Executor, idOrSlug: string): Promise<Project[]> {
  const [member] = await publicProjectGroups.withGroups(db, [await findPublicProjectRow(db, idOrSlug)])
  return member!.group.map((row) => toProject({ row, group: member!.group }))
}

export const PROJECT_GONE = 'This project was deleted'

async function inTrashedGroup(db: Executor, row: ProjectRow): Promise<boolean> {
  if (!row.parentId) return false
  const [original] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, row.parentId), isNotNull(projects.trashedAt)))
  return original !== undefined
}

/** Whether a slug or id names a project in the trash (its page answers 410). */
export async function isProjectGone(db: Executor, idOrSlug: string): Promise<boolean> {
  const row = await findProjectRow(db, idOrSlug)
  return Boolean(row && (row.trashedAt || (await inTrashedGroup(db, row))))
}

/** Where a project keeps images (image-fields.ts). */
export const PROJECT_IMAGES = PROJECT_KIND.images as ImageFields<ContentRow> as ImageFields<ProjectRow>

/** Every image path a project row holds. */
export const imagesOf = (row: ProjectRow) => imagesOfRow(PROJECT_IMAGES, row)
