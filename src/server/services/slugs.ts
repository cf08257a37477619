import { toSlug } from '../../shared/slug.js'
import { like, or, eq } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { projects } from '../db/schema.js'

/**
 * The slug for a new project: the title's slug, or with -2, -3… when taken. Slugs are unique
 * across all languages because the public route /project/{slug} carries no language.
 */
export async function uniqueProjectSlug(executor: Executor, text: string): Promise<string> {
  const base = toSlug(text)
  const taken = new Set(
    (
      await executor
        .select({ slug: projects.slug })
        .from(projects)
        .where(or(eq(projects.slug, base), like(projects.slug, `${base}-%`)))
    ).map((r) => r.slug),
  )
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}
