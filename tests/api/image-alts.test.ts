import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fieldsForm } from '../support/factories.js'
import { jpeg } from '../support/images.js'
import { type projectApi, startProjectServer } from '../support/project-api.js'
import { publishingApi } from '../support/publishing-api.js'
import type { TestServer } from '../support/test-server.js'
import { freshPage } from '../support/fresh-page.js'
import { waitFor } from '../support/wait-for.js'
import type { SeoReport } from '../../src/shared/seo-report.js'

// Alt text per image, per language (issue 24, item 3; decision 115) over real HTTP, with the site
// rendered (needs a build): saved on add and update (multipart and JSON), refused when bad, the
// fallback original -> title in <img alt> and og:image:alt, decorative images written alt="" and
// left out of the image sitemap, and the missing ones counted by the SEO check and the overview.
let server: TestServer
let api: ReturnType<typeof projectApi>
let pub: ReturnType<typeof publishingApi>

interface Saved {
  _id: string
  slug: string
  featuredImage: string
  galleryImages: string[]
  amenities: { title: string; image: string }[]
  imageAlts: Record<string, unknown>
}
let original: Saved
let translation: Saved
let amenityImage: string

const DECORATIVE = { decorative: true }

beforeAll(async () => {
  ;({ server, api } = await startProjectServer({ site: true }))
  pub = publishingApi(server)
  amenityImage = await api.uploadImage()
})
afterAll(() => server.close())

const updateJson = (id: string, body: object) => server.call('PUT', `/api/admin/update-project/${id}`, { json: body })
const updateForm = (id: string, fields: Record<string, string>, files: Record<string, Buffer[]> = {}) =>
  server.call('PUT', `/api/admin/update-project/${id}`, { form: fieldsForm(fields, files) })

const page = (path: string, expected: RegExp) => freshPage(server.url, path, expected)
/** The alt attributes of every <img> of the stored image `path`. */
const altsOf = (html: string, path: string) =>
  [...html.matchAll(/<img src="([^"]+)" alt="([^"]*)"/g)].filter((m) => m[1] === path).map((m) => m[2])
const ogImageAlt = (html: string) => /<meta property="og:image:alt" content="([^"]*)"/.exec(html)?.[1]
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('alt text per image, per language', () => {
  it('add takes alt text for the images it uploads (named by their file field) and for amenity images', async () => {
    original = await api.addProject({
      project: { title: 'Villa Mirador, Mijas' },
      gallery: 3,
      fields: {
        amenities: JSON.stringify([{ title: 'Pool', image: amenityImage }]),
        imageAlts: JSON.stringify({
          featuredImage: 'Sea-view terrace at dusk',
          'galleryImages[1]': DECORATIVE,
          [amenityImage]: 'Infinity pool facing the sea',
        }),
      },
    })
    expect(original.imageAlts).toEqual({
      [original.featuredImage]: 'Sea-view terrace at dusk',
      [original.galleryImages[1]!]: DECORATIVE,
      [amenityImage]: 'Infinity pool facing the sea',
    })
    // A translation starts with none of its own: it shows the original's until it has its own.
    translation = await api.translate(original, { title: 'Villa Mirador en Mijas', translatedSlug: 'villa-mirador-es' })
    expect(translation.imageAlts).toEqual({})
    expect((await pub.getProject(translation._id)).parentId.imageAlts).toEqual(original.imageAlts)
  })

  it('update merges what it is given (JSON or multipart); an empty text removes an entry', async () => {
    const [first, , third] = original.galleryImages
    let res = await updateJson(original._id, { imageAlts: { [first!]: 'Living room with a stone fireplace' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.project.imageAlts[first!]).toBe('Living room with a stone fireplace')
    expect(res.body.project.imageAlts[original.featuredImage]).toBe('Sea-view terrace at dusk')

    res = await updateForm(original._id, { imageAlts: JSON.stringify({ [first!]: '', [third!]: 'Kitchen' }) })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.project.imageAlts[first!]).toBeUndefined()
    expect(res.body.project.imageAlts[third!]).toBe('Kitchen')

    // A draft holds its own until it is published.
    res = await updateForm(original._id, { title: 'Villa Mirador, Mijas', imageAlts: '{}', saveAs: 'draft' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    res = await updateForm(original._id, {
      title: 'Villa Mirador, Mijas',
      imageAlts: JSON.stringify({ [third!]: 'Kitchen with an island' }),
      saveAs: 'draft',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const read = await pub.getProject(original._id)
    expect(read.imageAlts[third!]).toBe('Kitchen')
    expect(read.draft.imageAlts[third!]).toBe('Kitchen with an island')
    pub.ok(await pub.publish('project', original._id))
    expect((await pub.getProject(original._id)).imageAlts[third!]).toBe('Kitchen with an island')
  })

  it('a removed or replaced image takes its alt text with it', async () => {
    const third = original.galleryImages[2]!
    const removed = await server.call('POST', '/api/admin/remove-image', {
      json: { projectId: original._id, imageName: third },
    })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect(removed.body.project.imageAlts).not.toHaveProperty(third)

    const project = await api.addProject({
      project: { title: 'Villa Cambio, Nerja' },
      fields: { imageAlts: JSON.stringify({ featuredImage: 'The old facade' }) },
    })
    const res = await updateForm(
      project._id,
      { imageAlts: JSON.stringify({ featuredImage: 'The new facade' }) },
      { featuredImage: [await jpeg(700, 500)] },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.project.imageAlts).toEqual({ [res.body.project.featuredImage]: 'The new facade' })

    // What the edit screen sends: the alt text of the image it shows, keyed by its path, while a
    // new file replaces that image in the same save. The replaced image's entry is dropped.
    const shown = res.body.project.featuredImage
    const replaced = await updateForm(
      project._id,
      { imageAlts: JSON.stringify({ [shown]: 'The new facade, edited' }) },
      { featuredImage: [await jpeg(720, 480)] },
    )
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200)
    expect(replaced.body.project.featuredImage).not.toBe(shown)
    expect(replaced.body.project.imageAlts).toEqual({})
  })

  it('bad input is refused with a message naming the field and its limit', async () => {
    const featured = original.featuredImage
    const cases: [unknown, string][] = [
      [{ [featured]: 'x'.repeat(251) }, `imageAlts["${featured}"] must be at most 250 characters`],
      [
        { '/uploads/not-mine.jpg': 'A view' },
        'imageAlts names "/uploads/not-mine.jpg", which is not an image of this project',
      ],
      [{ [featured]: 42 }, `imageAlts["${featured}"] must be alt text or {"decorative":true}`],
      [{ [featured]: { decorative: false } }, `imageAlts["${featured}"] must be alt text or {"decorative":true}`],
      [['A view'], 'imageAlts must be an object mapping image paths to alt text'],
    ]
    for (const [imageAlts, message] of cases) {
      const res = await updateJson(original._id, { imageAlts })
      expect(res.status, message).toBe(400)
      expect(res.body).toMatchObject({ message, field: 'imageAlts' })
    }
    const notJson = await updateForm(original._id, { imageAlts: '{nope' })
    expect(notJson.status).toBe(400)
    expect(notJson.body.message).toBe('imageAlts must be valid JSON')
    const review = await server.call('POST', '/api/admin/add-review', {
      form: fieldsForm(
        { title: 'Ana, Nerja', description: 'A lovely home.', imageAlts: JSON.stringify({ galleryImages: 'No' }) },
        { featuredImage: [await jpeg(640, 480)] },
      ),
    })
    expect(review.status).toBe(400)
    expect(review.body.message).toBe('imageAlts names "galleryImages", which is not an image of this review')
    expect((await pub.getProject(original._id)).imageAlts[featured]).toBe('Sea-view terrace at dusk')
  })

  it('the page: own alt text, else the original’s, else one built from the title; decorative is alt=""', async () => {
    const [first, second] = original.galleryImages
    const en = await page(`/project/${original.slug}`, /Villa Mirador, Mijas/)
    expect(altsOf(en, original.featuredImage)).toContain('Sea-view terrace at dusk')
    expect(ogImageAlt(en)).toBe('Sea-view terrace at dusk')
    expect(altsOf(en, amenityImage)).toContain('Infinity pool facing the sea')
    expect(altsOf(en, second!).length).toBeGreaterThan(0)
    expect(altsOf(en, second!).every((alt) => alt === '')).toBe(true)
    // No alt text anywhere: made from the title.
    expect(altsOf(en, first!)[0]).toMatch(/^Villa Mirador, Mijas — /)

    // The translation has none of its own: the original's, and its own title where there is none.
    let es = await page(`/project/${translation.slug}`, /Villa Mirador en Mijas/)
    expect(altsOf(es, original.featuredImage)).toContain('Sea-view terrace at dusk')
    expect(altsOf(es, second!).every((alt) => alt === '')).toBe(true)
    expect(altsOf(es, first!)[0]).toMatch(/^Villa Mirador en Mijas — /)

    const res = await updateJson(translation._id, {
      imageAlts: { [original.featuredImage]: 'Terraza con vistas al mar al atardecer' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    es = await page(`/project/${translation.slug}`, /Terraza con vistas al mar al atardecer/)
    expect(altsOf(es, original.featuredImage)).toContain('Terraza con vistas al mar al atardecer')
    expect(ogImageAlt(es)).toBe('Terraza con vistas al mar al atardecer')
  })

  it('a decorative image is left out of the image sitemap', async () => {
    const xml = await waitFor(
      'the English sitemap with the project',
      async () => (await fetch(`${server.url}/sitemaps/en.xml`)).text(),
      (text) => text.includes(`/project/${original.slug}<`),
    )
    expect(xml).toContain(original.featuredImage)
    expect(xml).toContain(original.galleryImages[0])
    expect(xml).not.toContain(original.galleryImages[1])
  })

  it('reviews: alt text of the featured image on add, in the home page, per language', async () => {
    const added = await server.call('POST', '/api/admin/add-review', {
      form: fieldsForm(
        {
          title: 'Marta, Mijas',
          description: 'They built our home.',
          imageAlts: JSON.stringify({ featuredImage: 'Marta in her garden' }),
        },
        { featuredImage: [await jpeg(640, 480)] },
      ),
    })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    const review = added.body.review
    expect(review.imageAlts).toEqual({ [review.featuredImage]: 'Marta in her garden' })
    const home = await page('/', /Marta, Mijas/)
    expect(altsOf(home, review.featuredImage)).toEqual(['Marta in her garden'])
    const es = await server.call('POST', '/api/admin/add-review', {
      form: fieldsForm({ translate: 'true', parentId: review._id, language: 'es', title: 'Marta, Mijas (es)' }),
    })
    expect(es.status, JSON.stringify(es.body)).toBe(200)
    expect(es.body.review.imageAlts).toEqual({})
    expect(es.body.review.missingAltText).toBe(1)
    const onEs = await page('/es', /Marta, Mijas \(es\)/)
    expect(altsOf(onEs, review.featuredImage)).toEqual(['Marta in her garden'])
    const decorative = await server.call('PUT', `/api/admin/update-review/${es.body.review._id}`, {
      json: { imageAlts: { [review.featuredImage]: DECORATIVE } },
    })
    expect(decorative.status, JSON.stringify(decorative.body)).toBe(200)
    expect(decorative.body.review.missingAltText).toBe(0)
    await page('/es', new RegExp(`<img src="${escape(review.featuredImage)}" alt=""`))
  })

  it('the SEO check lists missing alt text per language; the overview’s answers count it', async () => {
    // en: gallery image 1 has none (2 is decorative, 3 was removed). es: the featured image has
    // its own now; gallery images 1 and 3 (still its own) and the amenity image have none in Spanish.
    const all = (await server.call('GET', '/api/admin/get-all-projects')).body as (Saved & { missingAltText: number })[]
    expect(all.find((p) => p._id === original._id)!.missingAltText).toBe(1)
    expect(all.find((p) => p._id === translation._id)!.missingAltText).toBe(3)

    const res = await server.call('GET', '/api/admin/seo-report')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const report = res.body as SeoReport
    const altProblems = (code: string, path: string) =>
      report.languages.find((l) => l.code === code)!.problems.filter((p) => p.kind === 'missing-alt' && p.path === path)
    expect(altProblems('en', `/project/${original.slug}`)).toEqual([
      {
        kind: 'missing-alt',
        path: `/project/${original.slug}`,
        fix: `/admin/update-project/${original._id}`,
        message: '1 image has no alt text in this language: gallery image 1',
      },
    ])
    expect(altProblems('es', `/project/${translation.slug}`)[0]!.message).toBe(
      '3 images have no alt text in this language: gallery image 1, gallery image 3, amenity image 1',
    )
    // The review's Spanish picture is decorative: not missing.
    expect(altProblems('es', '/es').some((p) => p.message.includes('Marta'))).toBe(false)
  })
})
