import { HONEYPOT_FIELD } from '../../shared/constants.js'
import { enquirySchema } from '../../shared/schemas/enquiry.schema.js'
import type { ImageMeta, SiteData } from '../../shared/site-data.js'
import { HttpError } from '../errors.js'
import type { Outbox } from '../mail/outbox.js'
import { parseInput } from '../api/parse.js'
import type { ServiceContext } from '../services/context.js'
import { createEnquiry } from '../services/enquiries.js'
import { listLanguages } from '../services/languages.js'
import { getProject, listProjectsIn } from '../services/projects.js'
import { listReviewsIn } from '../services/reviews.js'
import { getTranslationPageBySlug } from '../services/translation-pages.js'

const orNull = async <T>(promise: Promise<T>): Promise<T | null> => {
  try {
    return await promise
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null
    throw error
  }
}

/** The services the site's loaders use, bound to this server's database and storage. */
export function createSiteData(ctx: ServiceContext, outbox: Outbox, publicUrl: string): SiteData {
  return {
    publicUrl,
    languages: () => listLanguages(ctx.db),
    projects: async (language) => (await orNull(listProjectsIn(ctx.db, language))) ?? [],
    project: (slugOrId) => orNull(getProject(ctx.db, slugOrId)),
    reviews: async (language) => (await orNull(listReviewsIn(ctx.db, language))) ?? [],
    pageText: async (page) => (await orNull(getTranslationPageBySlug(ctx.db, page)))?.translations[0] ?? {},
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
        const { [HONEYPOT_FIELD]: honeypot, ...enquiry } = parseInput(enquirySchema, input)
        if (!honeypot) {
          await createEnquiry(ctx.db, enquiry)
          outbox.wake()
        }
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
