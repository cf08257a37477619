import { count, desc, eq, inArray, isNull, or } from 'drizzle-orm'
import type { Project, TranslationLink } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { projects } from '../db/schema.js'
import { notFound } from '../errors.js'
import { languageExists } from './languages.js'

export type ProjectRow = typeof projects.$inferSelect

export const PROJECT_NOT_FOUND = 'Project not found!'

const linkOf = (row: ProjectRow): TranslationLink => ({ code: row.language, slug: row.slug })

/** Turns rows into API projects; `groups` holds every member of each row's translation group. */
function toProject(row: ProjectRow, group: ProjectRow[]): Project {
  const others = group.filter((m) => m.id !== row.id)
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
    translations: others.map(linkOf),
    brandDirection: row.brandDirection,
    isFeatured: row.isFeatured,
    isHomePageFeatured: row.isHomePageFeatured,
    isDetailPageFeatured: row.isDetailPageFeatured,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

// Map.groupBy arrives only in Node 21.
export function byGroupId<T extends { groupId: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const group = groups.get(row.groupId)
    if (group) group.push(row)
    else groups.set(row.groupId, [row])
  }
  return groups
}

async function withGroups(db: Executor, rows: ProjectRow[]): Promise<Project[]> {
  const groupIds = [...new Set(rows.map((r) => r.groupId))]
  const members = groupIds.length
    ? await db.select().from(projects).where(inArray(projects.groupId, groupIds)).orderBy(projects.createdAt)
    : []
  const byGroup = byGroupId(members)
  return rows.map((row) => toProject(row, byGroup.get(row.groupId) ?? [row]))
}

/** Every project, originals and translations, newest first. */
export async function listProjects(db: Executor): Promise<Project[]> {
  const rows = await db.select().from(projects).orderBy(desc(projects.createdAt), desc(projects.id))
  return withGroups(db, rows)
}

/** For each original, newest first: its translation into `language`, or the original itself. */
export async function listProjectsIn(db: Executor, language: string): Promise<Project[]> {
  if (!(await languageExists(db, language))) throw notFound('Language not found')
  const all = await db.select().from(projects).orderBy(desc(projects.createdAt), desc(projects.id))
  const byGroup = byGroupId(all)
  return all
    .filter((row) => row.parentId === null)
    .map((original) => {
      const group = byGroup.get(original.groupId) ?? [original]
      const chosen = group.find((m) => m.language === language) ?? original
      return toProject(chosen, group)
    })
}

/** By `_id` or by slug. */
export async function findProjectRow(db: Executor, idOrSlug: string): Promise<ProjectRow | undefined> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSlug)
  const [row] = await db
    .select()
    .from(projects)
    .where(isUuid ? or(eq(projects.id, idOrSlug), eq(projects.slug, idOrSlug)) : eq(projects.slug, idOrSlug))
  return row
}

export async function getProjectRow(db: Executor, idOrSlug: string): Promise<ProjectRow> {
  const row = await findProjectRow(db, idOrSlug)
  if (!row) throw notFound(PROJECT_NOT_FOUND)
  return row
}

export async function getProject(db: Executor, idOrSlug: string): Promise<Project> {
  const [project] = await withGroups(db, [await getProjectRow(db, idOrSlug)])
  return project!
}

/** The translations of a project's original (for a translation: its siblings and not itself). */
export async function listProjectTranslations(db: Executor, id: string): Promise<Project[]> {
  const row = await getProjectRow(db, id)
  const rows = await db.select().from(projects).where(eq(projects.groupId, row.groupId)).orderBy(projects.createdAt)
  return withGroups(
    db,
    rows.filter((m) => m.parentId !== null && m.id !== row.id),
  )
}

export async function countOriginalProjects(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(projects).where(isNull(projects.parentId))
  return row?.n ?? 0
}

/** Every image path a project row holds. */
export function imagesOf(
  row: Pick<ProjectRow, 'featuredImage' | 'galleryBannerImage' | 'galleryImages' | 'amenities'>,
): string[] {
  return [row.featuredImage, row.galleryBannerImage, ...row.galleryImages, ...row.amenities.map((a) => a.image)].filter(
    (p): p is string => Boolean(p),
  )
}
