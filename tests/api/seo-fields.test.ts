import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fieldsForm } from '../support/factories.js'
import { jpeg, text } from '../support/images.js'
import { projectApi } from '../support/project-api.js'
import { publishingApi } from '../support/publishing-api.js'
import { type TestServer } from '../support/test-server.js'
import { freshPage } from '../support/fresh-page.js'
import { startSignedIn } from '../support/signed-in-server.js'
import { waitFor } from '../support/wait-for.js'

// SEO fields per language (issue 24, item 1; decision 112) over real HTTP, with the site rendered
// (needs a build): saved and read back per language, drafts apart from what is public, limits
// that name the field, the page head, and noindex versions out of the sitemaps and hreflang.
let server: TestServer
let api: ReturnType<typeof projectApi>
let pub: ReturnType<typeof publishingApi>
let original: { _id: string; slug: string }
let translation: { _id: string; slug: string }

beforeAll(async () => {
  server = await startSignedIn({ site: true }, 'es')
  api = projectApi(server)
  pub = publishingApi(server)
  original = await api.addProject({
    project: { title: 'Villa Azahar, Marbella' },
    fields: { seoTitle: 'Villa Azahar: a sea-view villa in Marbella', seoDescription: 'Five bedrooms above the sea.' },
  })
  translation = await api.translate(original, { title: 'Villa Azahar en Marbella', translatedSlug: 'villa-azahar-es' })
})
afterAll(() => server.close())

const update = (id: string, fields: Record<string, string>, files: Record<string, Buffer[]> = {}) =>
  server.call('PUT', `/api/admin/update-project/${id}`, { form: fieldsForm(fields, files) })

const page = (path: string, expected?: RegExp) => freshPage(server.url, path, expected)
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'))
const metaOf = (html: string, key: string) =>
  [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)]
    .filter((m) => m[1] === key)
    .map((m) => m[2]!.replace(/&amp;/g, '&'))
const hreflangsOf = (html: string) =>
  [...headOf(html).matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`)
const sitemap = async (lang: string) => (await fetch(`${server.url}/sitemaps/${lang}.xml`)).text()
/** A sitemap once it holds (or no longer holds) `text`: sitemaps are cached until content changes. */
const sitemapWhen = (lang: string, text: string, holds: boolean) =>
  waitFor(
    `${lang}.xml ${holds ? 'with' : 'without'} ${text}`,
    () => sitemap(lang),
    (xml) => xml.includes(text) === holds,
  )

describe('SEO fields per language', () => {
  it('are saved and read back per language; a translation starts with its own, empty', async () => {
    const en = await pub.getProject(original._id)
    expect([en.seoTitle, en.seoDescription, en.ogImage, en.noindex]).toEqual([
      'Villa Azahar: a sea-view villa in Marbella',
      'Five bedrooms above the sea.',
      null,
      false,
    ])
    expect((await pub.getProject(translation._id)).seoTitle).toBe('')

    const res = await update(translation._id, { seoTitle: 'Villa Azahar, vistas al mar', noindex: 'false' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.project.seoTitle).toBe('Villa Azahar, vistas al mar')
    expect((await pub.getProject(original._id)).seoTitle).toBe('Villa Azahar: a sea-view villa in Marbella')
    // The public API carries them too, for whatever renders the page.
    expect((await pub.single(translation.slug)).body.seoTitle).toBe('Villa Azahar, vistas al mar')
  })

  it('a draft holds them apart until it is published; history and the audit log name them', async () => {
    const project = await api.addProject({ project: { title: 'Villa Borrador, Estepona' } })
    const drafted = await update(project._id, {
      title: 'Villa Borrador, Estepona',
      seoTitle: 'Draft title for Estepona',
      saveAs: 'draft',
    })
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200)
    const read = await pub.getProject(project._id)
    expect(read.seoTitle).toBe('')
    expect(read.draft.seoTitle).toBe('Draft title for Estepona')
    expect((await pub.single(project.slug)).body.seoTitle).toBe('')

    const versions = await server.call('GET', `/api/admin/versions/project/${project._id}`)
    expect(versions.status, JSON.stringify(versions.body)).toBe(200)
    const list = (versions.body.versions ?? versions.body) as { fields: string[] }[]
    expect(list[0]!.fields).toContain('seoTitle')
    const audit = await server.call('GET', `/api/admin/audit-log?record=${project._id}`)
    expect(audit.body.entries[0]).toMatchObject({
      action: 'save-draft',
      changes: { seoTitle: { from: '', to: 'Draft title for Estepona' } },
    })

    pub.ok(await pub.publish('project', project._id))
    expect((await pub.single(project.slug)).body.seoTitle).toBe('Draft title for Estepona')
    expect((await pub.getProject(project._id)).draft).toBeNull()
  })

  it('reviews take them too, per language, with their own social card picture', async () => {
    const form = fieldsForm(
      { title: 'Ana, Nerja', description: 'A lovely home.', seoTitle: 'Ana’s villa in Nerja', noindex: 'true' },
      { featuredImage: [await jpeg(640, 480)], ogImage: [await jpeg(1200, 630)] },
    )
    const added = await server.call('POST', '/api/admin/add-review', { form })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    expect(added.body.review).toMatchObject({ seoTitle: 'Ana’s villa in Nerja', noindex: true, seoDescription: '' })
    expect(added.body.review.ogImage).toMatch(/^\/uploads\//)
    const translated = await server.call('POST', '/api/admin/add-review', {
      form: fieldsForm({ translate: 'true', parentId: added.body.review._id, language: 'es' }),
    })
    expect(translated.status, JSON.stringify(translated.body)).toBe(200)
    expect(translated.body.review).toMatchObject({ seoTitle: '', noindex: false, ogImage: null })
    const removed = await server.call('POST', '/api/admin/remove-image', {
      json: { reviewId: added.body.review._id, imageName: added.body.review.ogImage },
    })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect(removed.body.review.ogImage).toBeNull()
    expect(removed.body.review.featuredImage).toBe(added.body.review.featuredImage)
  })

  it('a text too long is refused naming the field and its limit', async () => {
    const title = await update(original._id, { seoTitle: 'x'.repeat(121) })
    expect(title.status).toBe(400)
    expect(title.body).toMatchObject({ message: 'seoTitle must be at most 120 characters' })
    const description = await update(original._id, {
      title: 'Villa Azahar, Marbella',
      seoDescription: 'y'.repeat(321),
      saveAs: 'draft',
    })
    expect(description.status).toBe(400)
    expect(description.body.message).toBe('seoDescription must be at most 320 characters')
    const added = await server.call('POST', '/api/admin/add-translation', { json: { page: 'home' } })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    const home = added.body.translation as { _id: string }
    const onPage = await server.call('PUT', `/api/admin/update-translation/${home._id}`, {
      json: { seo: { en: { seoTitle: 'z'.repeat(200) } } },
    })
    expect(onPage.status).toBe(400)
    expect(onPage.body.message).toBe('seoTitle must be at most 120 characters')
    expect((await pub.getProject(original._id)).seoDescription).toBe('Five bedrooms above the sea.')
  })

  it('an ogImage that is not an image is refused like other uploads', async () => {
    const res = await update(original._id, { seoTitle: 'Never saved' }, { ogImage: [text()] })
    expect(res.status).toBe(415)
    expect(res.body.message).toBeTruthy()
    expect(res.body.field).toBe('ogImage')
    expect((await pub.getProject(original._id)).seoTitle).toBe('Villa Azahar: a sea-view villa in Marbella')
  })

  it('the page head: the SEO title and description, the uploaded card as og:image, robots noindex', async () => {
    const res = await update(original._id, {}, { ogImage: [await jpeg(1600, 900)] })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.project.ogImage).toMatch(/^\/uploads\//)

    const html = await page(`/project/${original.slug}`, /a sea-view villa/)
    expect(html).toContain('<title>Villa Azahar: a sea-view villa in Marbella | ')
    expect(metaOf(html, 'description')).toEqual(['Five bedrooms above the sea.'])
    expect(metaOf(html, 'og:title')).toEqual(['Villa Azahar: a sea-view villa in Marbella'])
    expect(metaOf(html, 'robots')).toEqual([])
    const [card] = metaOf(html, 'og:image')
    const image = await fetch(`${server.url}${new URL(card!).pathname}`)
    expect(image.status).toBe(200)
    const size = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
    expect([size.width, size.height]).toEqual([1200, 630])

    // Empty fields: the derived title and the generated card, in the translation's language.
    const es = await page(`/project/${translation.slug}`, /vistas al mar/)
    expect(es).toContain('<title>Villa Azahar, vistas al mar | ')
    expect(metaOf(es, 'description')[0]).not.toBe('Five bedrooms above the sea.')
    expect(metaOf(es, 'og:image')[0]).not.toBe(card)
  })

  it('a noindex version says so and leaves the sitemap and the other languages’ hreflang', async () => {
    expect(await sitemap('es')).toContain(`/project/${translation.slug}<`)
    expect(hreflangsOf(await page(`/project/${original.slug}`))).toContain(
      `es http://localhost:3000/project/${translation.slug}`,
    )
    expect((await update(translation._id, { noindex: 'true' })).status).toBe(200)

    const es = await page(`/project/${translation.slug}`, /<meta name="robots"/)
    expect(metaOf(es, 'robots')[0]).toMatch(/^noindex/)
    expect(hreflangsOf(es)).toEqual([])
    const en = await page(`/project/${original.slug}`, /a sea-view villa/)
    await waitFor(
      'the English page without the Spanish alternate',
      async () => hreflangsOf(await page(`/project/${original.slug}`)),
      (links) => !links.some((l) => l.startsWith('es ')),
    )
    expect(en).toBeTruthy()
    await sitemapWhen('es', `/project/${translation.slug}`, false)
    const enMap = await sitemapWhen(
      'en',
      `hreflang="es" href="http://localhost:3000/project/${translation.slug}"`,
      false,
    )
    expect(enMap).toContain(`/project/${original.slug}<`)
    expect(enMap).not.toContain(`/project/${translation.slug}`)
  })

  it('page texts take an seo object per language: saved, drafted, shown in the head, noindex honoured', async () => {
    const pages = (await server.call('GET', '/api/admin/get-translations')).body as { _id: string; page: string }[]
    let about = pages.find((p) => p.page === 'about')
    if (!about) {
      const added = await server.call('POST', '/api/admin/add-translation', { json: { page: 'about' } })
      about = added.body.translation
    }
    const aboutId = about!._id
    const put = (body: object) => server.call('PUT', `/api/admin/update-translation/${aboutId}`, { json: body })
    const text = { en: { 'About us': 'About us' }, es: { 'About us': 'Sobre nosotros' } }
    let res = await put({ translations: [text], seo: { es: { seoTitle: 'Quiénes somos: villas en Marbella' } } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.translation.seo.es.seoTitle).toBe('Quiénes somos: villas en Marbella')
    expect(res.body.translation.seo.en.seoTitle).toBe('')

    // A draft is kept apart; the public head keeps the published one.
    res = await put({ seo: { es: { seoDescription: 'Borrador' } }, saveAs: 'draft' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const read = (await server.call('GET', `/api/admin/get-translation/${aboutId}`)).body
    expect(read.seo.es.seoDescription).toBe('')
    expect(read.publishing.es.seoDraft.seoDescription).toBe('Borrador')
    const es = await page('/es/about', /Quiénes somos: villas/)
    expect(es).toContain('<title>Quiénes somos: villas en Marbella | ')
    expect(metaOf(es, 'description')[0]).not.toBe('Borrador')

    // Publishing the language publishes its SEO draft.
    pub.ok(await server.call('POST', `/api/admin/publish/translation-page/${aboutId}?language=es`, { json: {} }))
    const published = (await server.call('GET', `/api/admin/get-translation/${aboutId}`)).body
    expect(published.seo.es).toMatchObject({
      seoTitle: 'Quiénes somos: villas en Marbella',
      seoDescription: 'Borrador',
    })
    expect(published.publishing.es.seoDraft).toBeNull()

    // An ogImage is a path /upload-image answered; anything else is refused.
    const picture = await api.uploadImage(await jpeg(1600, 900))
    res = await put({ seo: { es: { ogImage: picture } } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.translation.seo.es.ogImage).toBe(picture)
    const unknown = await put({ seo: { es: { ogImage: '/uploads/0000000000000000000000aa.jpg' } } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toMatch(/ogImage/)

    res = await put({ seo: { es: { noindex: true } } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const hidden = await page('/es/about', /<meta name="robots"/)
    expect(metaOf(hidden, 'robots')[0]).toMatch(/^noindex/)
    await sitemapWhen('es', '/es/about<', false)
    const english = await page('/about')
    expect(hreflangsOf(english)).not.toContain('es http://localhost:3000/es/about')
    expect(hreflangsOf(english)).toContain('en http://localhost:3000/about')
    await sitemapWhen('en', 'hreflang="es" href="http://localhost:3000/es/about"', false)
  })
})
