import type { ImageMeta, PageText, SiteData } from '../../shared/site-data.js'
import { HttpError } from '../errors.js'
import type { Outbox } from '../delivery/outbox.js'
import type { ServiceContext } from '../services/context.js'
import { submitEnquiry } from '../services/enquiries.js'
import { listLanguages } from '../services/languages.js'
import type { Project } from '../../shared/types.js'
import { countOriginalProjects, getProjectVersions, listProjectGroups, listProjectsIn } from '../services/projects.js'
import { listReviewsIn } from '../services/reviews.js'
import { getSiteSettings } from '../services/site-settings.js'
import { contentLastModified } from '../services/sitemap.js'
import { getPageSeo, getTranslationPageBySlug } from '../services/translation-pages.js'
import type { SeoFields } from '../../shared/seo-fields.js'

const orNull = async <T>(promise: Promise<T>): Promise<T | null> => {
  try {
    return await promise
  } catch (error) {
    // 410: a project in the trash; its page answers 410 (ssr.ts).
    if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 410)) return null
    throw error
  }
}

/**
 * The services the site's loaders use, bound to this server's database and storage. The languages,
 * the pages' text and the number of projects, read by most renders, are kept until content
 * changes (`forget`).
 */
export function createSiteData(
  ctx: ServiceContext,
  outbox: Outbox,
  settings: { publicUrl: string; whatsappNumber?: string },
): SiteData & { forget(): void } {
  const { publicUrl } = settings
  let languages: ReturnType<typeof listLanguages> | undefined
  let projectCount: Promise<number> | undefined
  let siteSettings: ReturnType<typeof getSiteSettings> | undefined
  const pageTexts = new Map<string, Promise<PageText>>()
  const pageSeo = new Map<string, Promise<Record<string, SeoFields>>>()
  const projects = createProjectMemo(ctx)
  const remembered = <T>(promise: Promise<T>, forget: () => void) => {
    promise.catch(forget)
    return promise
  }
  return {
    forget() {
      languages = undefined
      projectCount = undefined
      siteSettings = undefined
      pageTexts.clear()
      pageSeo.clear()
      projects.clear()
    },
    publicUrl,
    whatsappNumber: settings.whatsappNumber ?? null,
    languages: () => (languages ??= remembered(listLanguages(ctx.db), () => (languages = undefined))),
    projects: async (language, slice) => (await orNull(listProjectsIn(ctx.db, language, slice))) ?? [],
    // Every page of all projects asks, and so does every junk ?page= a bot sends.
    projectCount: () => (projectCount ??= remembered(countOriginalProjects(ctx.db), () => (projectCount = undefined))),
    projectGroups: (slice) => listProjectGroups(ctx.db, slice),
    project: projects.find,
    reviews: async (language, limit) => (await orNull(listReviewsIn(ctx.db, language, { limit }))) ?? [],
    pageText(page) {
      let text = pageTexts.get(page)
      if (!text) {
        text = remembered(
          orNull(getTranslationPageBySlug(ctx.db, page)).then((found) => found?.translations[0] ?? {}),
          () => pageTexts.delete(page),
        )
        pageTexts.set(page, text)
      }
      return text
    },
    pageSeo(page) {
      let seo = pageSeo.get(page)
      if (!seo) {
        seo = remembered(getPageSeo(ctx.db, page), () => pageSeo.delete(page))
        pageSeo.set(page, seo)
      }
      return seo
    },
    lastModified: () => contentLastModified(ctx.db),
    // Every page's footer reads them.
    settings: () => (siteSettings ??= remembered(getSiteSettings(ctx.db), () => (siteSettings = undefined))),
    async images(paths) {
      const info = await ctx.images.info(paths.filter((p): p is string => Boolean(p)))
      const result: Record<string, ImageMeta> = {}
      for (const [path, row] of info) {
        result[path] = { width: row.width, height: row.height, widths: row.variantWidths, avif: row.avifReady }
      }
      return result
    },
    async sendEnquiry(input) {
      try {
        await submitEnquiry({ db: ctx.db, outbox }, input, { requireConsent: true })
        return { ok: true }
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) {
          return { ok: false, status: error.statusCode, message: error.message, field: error.field }
        }
        throw error
      }
    },
  }
}

// Projects kept between renders, by slug and by id (a few thousand: ~2 KB each).
const MAX_KEPT_PROJECTS = 4000

/**
 * Projects by slug or id, kept until content changes. A project is read with its whole translation
 * group, and every version is kept: a translation's page also shows its original (its town), which
 * is then found here instead of in two more queries (a first visit of a project page at 1,000 × 10
 * took 112 ms, much of it in PGlite's four queries; docs/performance.md).
 */
function createProjectMemo(ctx: ServiceContext) {
  const kept = new Map<string, Promise<Project | null>>()
  const keep = (key: string, project: Promise<Project | null>) => {
    if (kept.size >= MAX_KEPT_PROJECTS) kept.delete(kept.keys().next().value!)
    kept.set(key, project)
  }
  return {
    clear: () => kept.clear(),
    find(slugOrId: string): Promise<Project | null> {
      const found = kept.get(slugOrId)
      if (found) return found
      const versions = orNull(getProjectVersions(ctx.db, slugOrId))
      const project = versions.then(
        (all) => all?.find((version) => version.slug === slugOrId || version._id === slugOrId) ?? null,
      )
      keep(slugOrId, project)
      // A failure is not kept; an unknown project (null) is, like its page, until content changes.
      project.catch(() => kept.delete(slugOrId))
      void versions
        .then((all) => {
          for (const version of all ?? []) {
            if (!kept.has(version.slug)) keep(version.slug, Promise.resolve(version))
            if (!kept.has(version._id)) keep(version._id, Promise.resolve(version))
          }
        })
        .catch(() => {})
      return project
    },
  }
}
