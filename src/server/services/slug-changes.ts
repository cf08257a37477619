import { and, eq, ne } from 'drizzle-orm'
import { MESSAGES } from '../../shared/messages.js'
import { projectPath } from '../../shared/slug.js'
import type { FieldChanges } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { projects, redirects } from '../db/schema.js'
import { badRequest, conflict, isUniqueViolation } from '../errors.js'
import type { ServiceContext } from './context.js'
import type { ProjectRow } from './projects.js'
import { recordGone, recordMoved, recordRestored } from './redirects.js'

// Slugs that can change (issue 24, item 2; decision 111). A project's address is /project/{slug}
// in whichever language the record is; the old address is kept as a row of the redirects table
// (decision 101), written in the change's own transaction and collapsed there, so every old
// address is one 301 to the record's current one however many times it moved.

const KIND = 'project'

/** Who holds a slug, in words for the refusal: the project's title and language. */
async function holderOf(tx: Executor, slug: string, except: string) {
  const [holder] = await tx
    .select({ title: projects.title, language: projects.language, trashedAt: projects.trashedAt })
    .from(projects)
    .where(and(eq(projects.slug, slug), ne(projects.id, except)))
  return holder
}

/**
 * update-project's `slug`, in the update's transaction on the locked row: refuses a slug another
 * record has (naming it), writes it at once (an address is not content: it has no draft, like the
 * language) and sends the old address on. Answers the audit change, or {} when the slug is the same.
 */
export async function changeProjectSlug(
  tx: Executor,
  ctx: ServiceContext,
  row: ProjectRow,
  slug: string,
): Promise<FieldChanges> {
  if (slug === row.slug) return {}
  if (row.parentId) {
    const [original] = await tx.select({ slug: projects.slug }).from(projects).where(eq(projects.id, row.parentId))
    if (original?.slug === slug) throw badRequest(MESSAGES.sameSlug, 'slug')
  }
  const holder = await holderOf(tx, slug, row.id)
  if (holder) {
    const where = holder.trashedAt ? `${holder.language}, in the trash` : holder.language
    throw conflict(`The slug "${slug}" is already used by the project "${holder.title}" (${where})`, 'slug')
  }
  try {
    await tx.update(projects).set({ slug }).where(eq(projects.id, row.id))
  } catch (error) {
    // Taken between the look and the write by another admin's save.
    if (isUniqueViolation(error, 'projects_slug_unique'))
      throw conflict(`The slug "${slug}" is already used by another project`, 'slug')
    throw error
  }
  const from = projectPath(row.slug)
  const to = projectPath(slug)
  await recordMoved(tx, { oldPaths: [from], newPath: to, kind: KIND, recordId: row.id, language: row.language })
  // Search engines hear of both addresses once the page is public (the outbox sends after commit).
  if (row.publishState === 'published') await ctx.indexNow?.announceChangedUrls(tx, [from, to])
  return { slug: { from: row.slug, to: slug } }
}

/**
 * A new record takes a slug: whatever redirect started at its address (another record's old
 * slug, a purged record's tombstone, an admin's redirect) gives way, since the page is live.
 */
export async function slugTaken(tx: Executor, slug: string): Promise<void> {
  await tx.delete(redirects).where(eq(redirects.fromPath, projectPath(slug)))
}

/** A project's own addresses: by slug, and by id (the page answers both). */
const pathsOf = (row: Pick<ProjectRow, 'id' | 'slug'>) => [projectPath(row.slug), projectPath(row.id)]

/**
 * Projects went to the trash: their addresses, current and old, answer 410 Gone. The rows stay
 * when the projects are purged, as tombstones, until a new record takes the address (slugTaken).
 */
export async function projectsGone(tx: Executor, rows: Pick<ProjectRow, 'id' | 'slug' | 'language'>[]) {
  for (const row of rows)
    await recordGone(tx, { paths: pathsOf(row), kind: KIND, recordId: row.id, language: row.language })
}

/** Projects came back from the trash: their addresses are pages again, the old ones 301 again. */
export async function projectsRestored(tx: Executor, rows: Pick<ProjectRow, 'id' | 'slug'>[]) {
  for (const row of rows) await recordRestored(tx, { paths: pathsOf(row), kind: KIND, recordId: row.id })
}
