import { eq } from 'drizzle-orm'
import type { SiteData } from '../../shared/site-data.js'
import type { Project } from '../../shared/types.js'
import { projects, reviews, translationPages } from '../db/schema.js'
import { HttpError } from '../errors.js'
import type { ServiceContext } from '../services/context.js'
import { toProject, publicProjectGroups, type ProjectRow } from '../services/projects.js'
import { currentSeo, currentText } from '../services/publishing/page-texts.js'
import { openPreviewLink, type PreviewLinkRow } from '../services/publishing/preview-links.js'
import { previewPath } from '../services/publishing/operations.js'
import type { SecretBox } from '../services/secret-box.js'
import { toReviewWithGroup } from '../services/reviews.js'

/**
 * The site as it would be with one record's draft published (decision 084): the public site
 * data, with that record (or that language of that page text) answered from its draft. Nothing
 * else changes, and nothing of it is cached.
 */
export async function previewSiteData(ctx: ServiceContext, site: SiteData, link: PreviewLinkRow): Promise<SiteData> {
  if (link.kind === 'project') {
    const project = await draftProject(ctx, link.recordId)
    const matches = (slugOrId: string) => slugOrId === project.slug || slugOrId === project._id
    return {
      ...site,
      project: async (slugOrId) => (matches(slugOrId) ? project : site.project(slugOrId)),
      projects: async (language, slice) =>
        (await site.projects(language, slice)).map((p) => (p._id === project._id ? project : p)),
    }
  }
  if (link.kind === 'review') {
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, link.recordId))
    if (!row || row.trashedAt) throw new HttpError(410, 'This review was deleted')
    const merged = { ...row, ...(row.draft ?? {}) } as typeof row
    const review = toReviewWithGroup(merged)
    return {
      ...site,
      async reviews(language, limit) {
        const list = await site.reviews(language, limit)
        const others = list.filter((r) => r._id !== review._id && r._id !== row.parentId)
        if (language !== row.language && list.every((r) => r._id !== review._id)) return list
        return [review, ...others].slice(0, limit)
      },
    }
  }
  const [page] = await ctx.db.select().from(translationPages).where(eq(translationPages.id, link.recordId))
  if (!page) throw new HttpError(410, 'This page text was deleted')
  const text = currentText(page, link.language) ?? {}
  const seo = currentSeo(page, link.language)
  return {
    ...site,
    async pageSeo(name) {
      const published = await site.pageSeo(name)
      return name === page.page ? { ...published, [link.language]: seo } : published
    },
    async pageText(name) {
      const published = await site.pageText(name)
      return name === page.page ? { ...published, [link.language]: text } : published
    },
  }
}

/** The project with its draft applied, in its group as the site shows it (plus itself). */
async function draftProject(ctx: ServiceContext, id: string): Promise<Project> {
  const [row] = await ctx.db.select().from(projects).where(eq(projects.id, id))
  if (!row || row.trashedAt) throw new HttpError(410, 'This project was deleted')
  const merged = { ...row, ...(row.draft ?? {}), publishState: 'published' } as ProjectRow
  const [member] = await publicProjectGroups.withGroups(ctx.db, [row])
  const others = (member?.group ?? []).filter((m) => m.id !== row.id)
  if (row.parentId && !others.some((m) => m.id === row.parentId)) {
    const [original] = await ctx.db.select().from(projects).where(eq(projects.id, row.parentId))
    if (original) others.unshift(original)
  }
  const group = [...others, merged].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  return toProject({ row: merged, group })
}

/** A preview token's site data and the address of the page it shows; 404/410 for a bad token. */
export function createPreviews(ctx: ServiceContext, secrets: SecretBox) {
  return {
    async open(token: string, site: SiteData): Promise<SiteData> {
      return previewSiteData(ctx, site, await openPreviewLink(ctx.db, secrets, token))
    },
    async pathOf(token: string): Promise<string> {
      const link = await openPreviewLink(ctx.db, secrets, token)
      try {
        return await previewPath(ctx, link)
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404)
          throw new HttpError(410, 'What this link showed was deleted')
        throw error
      }
    },
  }
}
export type Previews = ReturnType<typeof createPreviews>
