import { and, asc, eq, isNull, or } from 'drizzle-orm'
import { localePath } from '../../../shared/locale-path.js'
import { SITE_PAGES } from '../../../shared/site-pages.js'
import { projectPath } from '../../../shared/slug.js'
import type { Executor } from '../../db/client.js'
import { languages } from '../../db/schema.js'
import type { ServiceContext } from '../context.js'
import type { ContentRow, RecordKind } from './record-kinds.js'

// The public addresses a change of state shows or hides, for IndexNow (issue 24, item 7;
// decisions 104 and 113) and the social cards drawn for them (decision 128): publish, unpublish, trash and restore announce them in the change's
// own transaction, so a rolled-back change announces nothing and a committed one exactly once.

/** A page text's page in one language (SITE_PAGES; a page text with no page of its own: the home page). */
export const pageTextPath = (page: string, language: string) =>
  localePath(language, SITE_PAGES.find((p) => p.pageText === page)?.path ?? '/')

/**
 * A project's or review's addresses: a project's page, a review's home page, in its language.
 * An original is shown, as itself, in every language that has no version of its own and takes its
 * published translations with it, so its change reaches the whole group: every published
 * project page of the group; a review's home page in every language.
 */
async function recordPaths(tx: Executor, kind: RecordKind, row: ContentRow): Promise<string[]> {
  if (kind.kind === 'review') {
    if (row.parentId) return [localePath(row.language, '/')]
    const codes = await tx.select({ code: languages.code }).from(languages).orderBy(asc(languages.code))
    return codes.map(({ code }) => localePath(code, '/'))
  }
  const own = projectPath((row as { slug: string }).slug)
  if (row.parentId) return [own]
  const { table } = kind
  const members = await tx
    .select({ slug: table.slug })
    .from(table)
    .where(
      and(
        eq(table.groupId, row.id),
        isNull(table.trashedAt),
        or(eq(table.publishState, 'published'), eq(table.id, row.id)),
      ),
    )
    .orderBy(asc(table.language))
  return [own, ...members.map((m) => projectPath(m.slug))]
}

/**
 * Records the addresses a project's or review's change of state touched, for IndexNow (nothing
 * without INDEXNOW_KEY) and the social cards (decision 128).
 */
export async function announceRecord(tx: Executor, ctx: ServiceContext, kind: RecordKind, row: ContentRow) {
  if (!ctx.indexNow?.enabled && !ctx.pagesChanged) return
  await announcePaths(tx, ctx, await recordPaths(tx, kind, row))
}

/** Records a page text's page in one language as changed. */
export async function announcePageText(tx: Executor, ctx: ServiceContext, page: string, language: string) {
  await announcePaths(tx, ctx, [pageTextPath(page, language)])
}

async function announcePaths(tx: Executor, ctx: ServiceContext, paths: string[]) {
  ctx.pagesChanged?.(paths)
  if (ctx.indexNow?.enabled) await ctx.indexNow.announceChangedUrls(tx, paths)
}
