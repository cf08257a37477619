import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fieldsForm, projectForm, type ProjectFormOptions } from '../support/factories.js'
import { blob, jpeg } from '../support/images.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

let server: TestServer
beforeAll(async () => {
  server = await startSignedIn({}, 'es', 'fr')
})
afterAll(() => server.close())

const SAME_SLUG = "Project slug shouldn't be same"

async function addProject(options: ProjectFormOptions = {}) {
  const res = await server.call('POST', '/api/admin/add-project', { form: await projectForm(options) })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.project
}

async function uploadImage(): Promise<string> {
  const form = new FormData()
  form.append('image', blob(await jpeg(600, 400)), 'amenity.jpg')
  const res = await server.call('POST', '/api/admin/upload-image', { form })
  expect(res.status).toBe(200)
  return res.body.image
}

/** add-project as the translate screen sends it. */
const translateForm = (parentId: string, fields: Record<string, string>, files: Record<string, Buffer[]> = {}) =>
  fieldsForm({ translate: 'true', parentId, language: 'es', ...fields }, files)

async function translate(parentId: string, fields: Record<string, string>, files: Record<string, Buffer[]> = {}) {
  const res = await server.call('POST', '/api/admin/add-project', { form: translateForm(parentId, fields, files) })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.project
}

const getProject = async (id: string) => (await server.call('GET', `/api/admin/get-project/${id}`)).body
const translationsOf = async (id: string) =>
  (await server.call('GET', `/api/admin/get-project-translations/${id}`)).body

describe('translate a project (add-project with translate=true)', () => {
  it("carries the original's images except removeImages, plus the new uploads", async () => {
    const amenity = await uploadImage()
    const original = await addProject({
      fields: {
        title: 'Villa Carry',
        description: 'English text.',
        beds: '6',
        amenities: JSON.stringify([{ title: 'Pool', image: amenity }]),
      },
      banner: true,
      gallery: 3,
    })
    const [g0, g1, g2] = original.galleryImages
    const es = await translate(
      original._id,
      {
        title: 'Villa Llevar',
        translatedSlug: 'villa-llevar',
        removeImages: JSON.stringify([g1, original.galleryBannerImage]),
      },
      { galleryImages: [await jpeg(640, 480)] },
    )

    expect(es).toMatchObject({
      title: 'Villa Llevar',
      slug: 'villa-llevar',
      language: 'es',
      // Not sent: taken from the original.
      description: 'English text.',
      beds: 6,
      featuredImage: original.featuredImage,
      galleryBannerImage: null,
      amenities: [{ title: 'Pool', image: amenity }],
    })
    expect(es.galleryImages).toHaveLength(3)
    expect(es.galleryImages.slice(0, 2)).toEqual([g0, g2])
    expect(es.galleryImages[2]).toMatch(/^\/uploads\/[a-f0-9]{24}\.jpg$/)
    expect(original.galleryImages).not.toContain(es.galleryImages[2])
    expect((await fetch(`${server.url}${es.galleryImages[2]}`)).status).toBe(200)

    // The original is untouched, and its removed images are still served for it.
    const after = await getProject(original._id)
    expect(after.galleryImages).toEqual(original.galleryImages)
    expect(after.galleryBannerImage).toBe(original.galleryBannerImage)
    expect((await fetch(`${server.url}${g1}`)).status).toBe(200)
  })

  it('gives every member of the group its translations, and the translation a populated parentId', async () => {
    const original = await addProject({ fields: { title: 'Villa Group' } })
    const es = await translate(original._id, { title: 'Villa Grupo', translatedSlug: 'villa-grupo' })
    const fr = await translate(original._id, { title: 'Villa Groupe', translatedSlug: 'villa-groupe', language: 'fr' })
    const links = {
      en: { code: 'en', slug: 'villa-group' },
      es: { code: 'es', slug: 'villa-grupo' },
      fr: { code: 'fr', slug: 'villa-groupe' },
    }

    const readOriginal = await getProject(original._id)
    expect(readOriginal.parentId).toBeNull()
    expect(readOriginal.translations).toEqual([links.es, links.fr])

    const readEs = await getProject(es._id)
    expect(readEs.translations).toEqual(expect.arrayContaining([links.en, links.fr]))
    expect(readEs.translations).toHaveLength(2)
    // With the original's alt text, which a translation falls back to (decision 115): none here.
    const parent = {
      _id: original._id,
      slug: 'villa-group',
      language: 'en',
      translations: [links.es, links.fr],
      imageAlts: {},
    }
    expect(readEs.parentId).toEqual(parent)
    expect((await getProject(fr._id)).parentId).toEqual(parent)

    // The public read by slug carries the same links.
    const bySlug = await server.call('GET', '/api/admin/single-project/villa-groupe', { token: null })
    expect(bySlug.body.parentId).toEqual(parent)
    expect(bySlug.body.translations).toEqual(expect.arrayContaining([links.en, links.es]))

    expect((await translationsOf(original._id)).map((p: { _id: string }) => p._id)).toEqual([es._id, fr._id])
    expect((await translationsOf(es._id)).map((p: { _id: string }) => p._id)).toEqual([fr._id])
  })

  it('makes the slug from the translated title when no translatedSlug is sent', async () => {
    const original = await addProject({ fields: { title: 'Casa Sol' } })
    const es = await translate(original._id, { title: 'Casa Sol' })
    expect(es.slug).toBe('casa-sol-2')
    const fr = await translate(original._id, { title: 'Maison Été', language: 'fr' })
    expect(fr.slug).toBe('maison-ete')
  })

  it('translating a translation translates its original', async () => {
    const original = await addProject({ fields: { title: 'Casa Root' } })
    const es = await translate(original._id, { title: 'Casa Raíz', translatedSlug: 'casa-raiz' })
    const fr = await translate(es._id, { title: 'Maison Racine', translatedSlug: 'maison-racine', language: 'fr' })
    expect(fr.parentId._id).toBe(original._id)
    expect((await getProject(original._id)).translations.map((t: { code: string }) => t.code)).toEqual(['es', 'fr'])
  })
})

describe('translation refusals', () => {
  it.each([
    ['the same slug', 'Villa Same One', (slug: string) => slug],
    ['the same slug with surrounding spaces', 'Villa Same Two', (slug: string) => `  ${slug}  `],
    ['the same slug in capitals', 'Villa Same Three', (slug: string) => slug.toUpperCase()],
  ])(`answers 400 "${SAME_SLUG}" for %s as the original, and creates nothing`, async (_, title, variant) => {
    const original = await addProject({ fields: { title } })
    const res = await server.call('POST', '/api/admin/add-project', {
      form: translateForm(original._id, { title: 'Villa Igual', translatedSlug: variant(original.slug) }),
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(SAME_SLUG)
    expect(await translationsOf(original._id)).toEqual([])
  })

  it('answers 409 for a second translation into the same language', async () => {
    const original = await addProject({ fields: { title: 'Villa Twice' } })
    await translate(original._id, { title: 'Villa Dos Veces', translatedSlug: 'villa-dos-veces' })
    const res = await server.call('POST', '/api/admin/add-project', {
      form: translateForm(original._id, { title: 'Villa Otra Vez', translatedSlug: 'villa-otra-vez' }),
    })
    expect(res.status).toBe(409)
    expect(res.body.field).toBe('language')
    expect(await translationsOf(original._id)).toHaveLength(1)
    // Into the original's own language is a second version too.
    const en = await server.call('POST', '/api/admin/add-project', {
      form: translateForm(original._id, { title: 'Villa Again', translatedSlug: 'villa-again', language: 'en' }),
    })
    expect(en.status).toBe(409)
  })

  it('answers 409 for a translated slug another project already uses', async () => {
    const taken = await addProject({ fields: { title: 'Villa Taken' } })
    const original = await addProject({ fields: { title: 'Villa Wants' } })
    const res = await server.call('POST', '/api/admin/add-project', {
      form: translateForm(
        original._id,
        { title: 'Villa Quiere', translatedSlug: taken.slug },
        { galleryImages: [await jpeg(640, 480)] },
      ),
    })
    expect(res.status).toBe(409)
    expect(res.body).toEqual({
      message: `The slug "${taken.slug}" is already used by another project`,
      field: 'translatedSlug',
    })
    expect(await translationsOf(original._id)).toEqual([])
    expect((await getProject(taken._id)).title).toBe('Villa Taken')
  })

  it('names the field for a missing or unknown language, a bad parentId and bad removeImages', async () => {
    const original = await addProject({ fields: { title: 'Villa Refusals' } })
    const cases: [Record<string, string>, number, string | undefined, string][] = [
      [{ language: 'xx' }, 400, 'language', 'Language "xx" does not exist'],
      [{ removeImages: 'not json' }, 400, 'removeImages', 'removeImages must be valid JSON'],
      [{ parentId: 'not-an-id' }, 400, 'parentId', 'parentId must be a valid id'],
      [{ parentId: '00000000-0000-4000-8000-000000000000' }, 404, undefined, 'The project to translate was not found'],
    ]
    for (const [fields, status, field, message] of cases) {
      const res = await server.call('POST', '/api/admin/add-project', {
        form: translateForm(original._id, { title: 'Villa Rechazo', ...fields }),
      })
      expect(res.status, JSON.stringify(fields)).toBe(status)
      expect(res.body).toEqual({ message, ...(field && { field }) })
    }
    const form = translateForm(original._id, { title: 'Villa Rechazo' })
    form.delete('language')
    const missing = await server.call('POST', '/api/admin/add-project', { form })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ message: 'Translation Language is required', field: 'language' })
    expect(await translationsOf(original._id)).toEqual([])
  })
})
