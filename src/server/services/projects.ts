import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { isUuid } from '../../shared/ids.js'
import { machineFieldsByRow } from '../translation/machine-fields.js'
import { MESSAGES } from '../../shared/messages.js'
import { seoOf } from '../../shared/seo-fields.js'
import type { Project, TranslationLink } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { projects } from '../db/schema.js'
import { HttpError, notFound } from '../errors.js'
import type { PublishingFields, WithDraft } from '../../shared/publishing.js'
import { type ContentRow, PROJECT_KIND } from './publishing/record-kinds.js'
import { pendingSchedules, publishingFields } from './publishing/record-state.js'
import { type ImageFields, imagesOfRow } from './image-fields.js'
import { missingAltCount } from './image-alts.js'
import type { AltTextCount } from '../../shared/image-alts.js'
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
    imageAlts: row.imageAlts ?? {},
    language: row.language,
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
    ...seoOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
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

export type AdminProject = Project & PublishingFields & AltTextCount & Partial<WithDraft<Record<string, unknown>>>

/** Rows as the back office reads them: with their publishing state (and the draft, for one record). */
async function toAdminProjects(
  db: Executor,
  members: GroupMember<ProjectRow>[],
  withDraft = false,
): Promise<AdminProject[]> {
  const times = await pendingSchedules(
    db,
    'project',
    members.map((m) => m.row.id),
  )
  const machine = await machineFieldsByRow(
    db,
    'project',
    members.map((m) => m.row),
  )
  return members.map((member) => ({
    ...toProject(member),
    ...publishingFields(PROJECT_KIND, member.row, member.group, times(member.row.id)),
    missingAltText: missingAltCount(PROJECT_KIND, member.row, member.group),
    // Filled by machine, not yet reviewed (issue 40).
    machineFields: machine.get(member.row.id) ?? [],
    ...(withDraft && { draft: member.row.draft }),
  }))
}

/** Every project but the trash, drafts and unpublished ones included, newest first (the back office's list). */
export async function listAllProjects(db: Executor, page?: ListPage): Promise<AdminProject[]> {
  return toAdminProjects(db, await projectGroups.list(db, page))
}

/** get-project: one record with its publishing state and draft. */
export async function getAdminProject(db: Executor, id: string): Promise<AdminProject> {
  const [member] = await projectGroups.withGroups(db, [await projectGroups.get(db, id)])
  const [project] = await toAdminProjects(db, [member!], true)
  return project!
}

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

/** The translations of a project's original (for a translation: its siblings and not itself). */
export async function listProjectTranslations(db: Executor, id: string): Promise<AdminProject[]> {
  return toAdminProjects(db, await projectGroups.translationsOf(db, id))
}

/** Where a project keeps images (image-fields.ts). */
export const PROJECT_IMAGES = PROJECT_KIND.images as ImageFields<ContentRow> as ImageFields<ProjectRow>

/** Every image path a project row holds. */
export const imagesOf = (row: ProjectRow) => imagesOfRow(PROJECT_IMAGES, row)
