import { max } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { projects, translationPages } from '../db/schema.js'

/**
 * When each page's own content last changed, for the sitemaps' lastmod (issue 24, item 6): a page
 * text's row by its slug (home, about, contact, …), and `projects` for the newest change to any
 * project (the portfolio's pages list them). ISO strings.
 */
export async function contentLastModified(db: Executor): Promise<Record<string, string>> {
  const pages = await db.select({ page: translationPages.page, at: translationPages.updatedAt }).from(translationPages)
  const [newest] = await db.select({ at: max(projects.updatedAt) }).from(projects)
  const result: Record<string, string> = Object.fromEntries(pages.map((row) => [row.page, row.at.toISOString()]))
  if (newest?.at) result.projects = new Date(newest.at).toISOString()
  return result
}
