import { projectPath, toSlug } from '../../shared/slug.js'
import { like, or, eq } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { projects, redirects } from '../db/schema.js'

/**
 * The slug for a new project: the title's slug, or with -2, -3… when taken. Slugs are unique
 * across all languages because the public route /project/{slug} carries no language. An address
 * that is redirected (another project's old slug, a removed project's) counts as taken: a made-up
 * slug never takes an old link away from the page it leads to (decision 111).
 */
export async function uniqueProjectSlug(executor: Executor, text: string): Promise<string> {
  const base = toSlug(text)
  const path = projectPath(base)
  const current = await executor
    .select({ slug: projects.slug })
    .from(projects)
    .where(or(eq(projects.slug, base), like(projects.slug, `${base}-%`)))
  const redirected = await executor
    .select({ path: redirects.fromPath })
    .from(redirects)
    .where(or(eq(redirects.fromPath, path), like(redirects.fromPath, `${path}-%`)))
  const taken = new Set([...current.map((r) => r.slug), ...redirected.map((r) => r.path.slice(projectPath('').length))])
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}
