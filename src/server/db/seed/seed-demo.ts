import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { ServiceContext } from '../../services/context.js'
import { addLanguage } from '../../services/languages.js'
import { createProject, createProjectTranslation } from '../../services/project-changes.js'
import { createReview, createReviewTranslation } from '../../services/reviews.js'
import { addTranslationPage } from '../../services/translation-pages.js'
import { type DemoProject, type DemoProjectText, demoPageText, demoProjects, demoReviews } from './demo-content.js'
import { type DemoImageKind, renderDemoImage, renderDemoSquare } from './demo-images.js'

const GALLERY_KINDS: DemoImageKind[] = ['pool', 'interior', 'terrace', 'detail']

/**
 * Demo content for a new site: es and sv, six projects (two translated into es, one also into
 * sv), three reviews and the text of the four marketing pages. It goes through the same
 * operations as the API, so it is exactly what an admin could have made.
 */
export async function seedDemoContent(ctx: ServiceContext): Promise<void> {
  ctx.log.info('loading demo content')
  await addLanguage(ctx, { code: 'es', name: 'Español' })
  await addLanguage(ctx, { code: 'sv', name: 'Svenska' })

  for (const [index, demo] of demoProjects.entries()) await seedProject(ctx, demo, index)

  for (const [index, demo] of demoReviews.entries()) {
    const palette = demoProjects[index % demoProjects.length]!.palette
    const review = await createReview(
      ctx,
      { ...demo.en, language: BASE_LANGUAGE },
      {
        featuredImage: [await renderDemoSquare(palette, 100 + index)],
      },
    )
    if (demo.es) await createReviewTranslation(ctx, review._id, { ...demo.es, language: 'es' }, {})
  }

  for (const [page, text] of Object.entries(demoPageText)) {
    await addTranslationPage(ctx, page, [{ es: text.es, sv: text.sv }])
  }
  ctx.log.info('demo content loaded')
}

async function seedProject(ctx: ServiceContext, demo: DemoProject, index: number) {
  const seed = index * 10
  const amenityImages: string[] = []
  for (const [i] of demo.en.amenities.entries()) {
    amenityImages.push(await ctx.images.ingest(await renderDemoSquare(demo.palette, seed + i)))
  }
  const project = await createProject(
    ctx,
    {
      ...textFields(demo.en),
      language: BASE_LANGUAGE,
      beds: demo.beds,
      baths: demo.baths,
      isShow: demo.isShow,
      amenities: demo.en.amenities.map((title, i) => ({ title, image: amenityImages[i] ?? null })),
    },
    {
      featuredImage: [await renderDemoImage('facade', demo.palette, seed)],
      galleryBannerImage: [await renderDemoImage('aerial', demo.palette, seed + 1)],
      galleryImages: await Promise.all(
        GALLERY_KINDS.map((kind, i) => renderDemoImage(kind, demo.palette, seed + 2 + i)),
      ),
    },
  )
  for (const language of ['es', 'sv'] as const) {
    const text = demo[language]
    if (!text) continue
    await createProjectTranslation(
      ctx,
      {
        ...textFields(text),
        language,
        amenities: text.amenities.map((title, i) => ({ title, image: project.amenities[i]?.image ?? null })),
      },
      { translate: true, parentId: project._id, translatedSlug: text.slug },
      {},
    )
  }
}

/** The project fields of a demo text (its amenity titles and slug are used separately). */
function textFields(text: DemoProjectText & { slug?: string }) {
  const { amenities: _amenities, slug: _slug, ...fields } = text
  return fields
}
