import type { ServiceContext } from '../services/context.js'
import { addLanguage } from '../services/languages.js'
import { createProject, createProjectTranslation } from '../services/project-changes.js'
import { createReview, createReviewTranslation } from '../services/reviews.js'
import { addTranslationPage } from '../services/translation-pages.js'
import { type DemoProject, type DemoProjectText, demoPageText, demoProjects, demoReviews } from './demo-content.js'
import { ensurePrivacyPolicyPage, markLeadTextsDone } from './lead-pages.js'
import { demoProjectImages, demoReviewImage } from './demo-image-set.js'
import { buildLanguage, buildProject, buildProjectTranslation, buildReview, buildTranslationPage } from './factories.js'

/**
 * Demo content for a new site: es and sv, six projects (two translated into es, one also into
 * sv), three reviews and the text of the four marketing pages. It goes through the same
 * operations as the API, with the records built by the factories the tests use, so it is exactly
 * what an admin could have made.
 */
export async function seedDemoContent(ctx: ServiceContext): Promise<void> {
  ctx.log.info('loading demo content')
  await addLanguage(ctx, buildLanguage({ code: 'es', name: 'Español' }))
  await addLanguage(ctx, buildLanguage({ code: 'sv', name: 'Svenska' }))

  // The pages' text before any record: a page rendered while the seed runs (a publish re-renders
  // what it touched) is in its language from the first, never English kept in the cache.
  for (const [page, text] of Object.entries(demoPageText)) {
    const draft = buildTranslationPage({ page, translations: [{ es: text.es, sv: text.sv }] })
    await addTranslationPage(ctx, draft.page, draft.translations)
  }
  // The privacy policy: its English text as editable keys, and es and sv (issue 11).
  await ensurePrivacyPolicyPage(ctx)
  await markLeadTextsDone(ctx.db)

  for (const [index, demo] of demoProjects.entries()) await seedProject(ctx, demo, index)

  for (const [index, demo] of demoReviews.entries()) {
    const review = await createReview(ctx, buildReview(demo.en), { featuredImage: [await demoReviewImage(index)] })
    if (demo.es) await createReviewTranslation(ctx, review._id, buildReview({ ...demo.es, language: 'es' }), {})
  }

  ctx.log.info('demo content loaded')
}

async function seedProject(ctx: ServiceContext, demo: DemoProject, index: number) {
  const drawn = await demoProjectImages(demo, index)
  const amenityImages: string[] = []
  for (const image of drawn.amenities) amenityImages.push(await ctx.images.ingest(image))
  const project = await createProject(
    ctx,
    buildProject({
      ...textFields(demo.en),
      beds: demo.beds,
      baths: demo.baths,
      isShow: demo.isShow,
      amenities: demo.en.amenities.map((title, i) => ({ title, image: amenityImages[i] ?? null })),
    }),
    { featuredImage: [drawn.featured], galleryBannerImage: [drawn.banner], galleryImages: drawn.gallery },
  )
  for (const language of ['es', 'sv'] as const) {
    const text = demo[language]
    if (!text) continue
    await createProjectTranslation(
      ctx,
      buildProject({
        ...textFields(text),
        beds: demo.beds,
        baths: demo.baths,
        isShow: demo.isShow,
        language,
        amenities: text.amenities.map((title, i) => ({ title, image: project.amenities[i]?.image ?? null })),
      }),
      buildProjectTranslation(project._id, { translatedSlug: text.slug }),
      {},
    )
  }
}

/** The project fields of a demo text (its amenity titles and slug are used separately). */
function textFields(text: DemoProjectText & { slug?: string }) {
  const { amenities: _amenities, slug: _slug, ...fields } = text
  return fields
}
