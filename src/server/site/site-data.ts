import type { ImageMeta, PageText, SiteData } from '../../shared/site-data.js'
import { HttpError } from '../errors.js'
import type { Outbox } from '../delivery/outbox.js'
import type { ServiceContext } from '../services/context.js'
import { submitEnquiry } from '../services/enquiries.js'
import { listLanguages } from '../services/languages.js'
import { countOriginalProjects, getProject, listProjectGroups, listProjectsIn } from '../services/projects.js'
import { listReviewsIn } from '../services/reviews.js'
import { getSiteSettings } from '../services/site-settings.js'
import { contentLastModified } from '../services/sitemap.js'
import { getTranslationPageBySlug } from '../services/translation-pages.js'

const orNull = async <T>(promise: Promise<T>): Promise<T | null> => {
  try {
    return await promise
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null
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
    },
    publicUrl,
    whatsappNumber: settings.whatsappNumber ?? null,
    languages: () => (languages ??= remembered(listLanguages(ctx.db), () => (languages = undefined))),
    projects: async (language, slice) => (await orNull(listProjectsIn(ctx.db, language, slice))) ?? [],
    // Every page of all projects asks, and so does every junk ?page= a bot sends.
    projectCount: () => (projectCount ??= remembered(countOriginalProjects(ctx.db), () => (projectCount = undefined))),
    projectGroups: (slice) => listProjectGroups(ctx.db, slice),
    project: (slugOrId) => orNull(getProject(ctx.db, slugOrId)),
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
