import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { images } from '../../src/server/db/schema.js'
import { wrapTitle } from '../../src/server/site/social-cards.js'
import { projectApi } from '../support/project-api.js'
import { publishingApi } from '../support/publishing-api.js'
import { type TestServer } from '../support/test-server.js'
import { freshPage } from '../support/fresh-page.js'
import { startSignedIn } from '../support/signed-in-server.js'
import { waitFor } from '../support/wait-for.js'

// Social cards (issue 24, item 4) on the rendered site (needs `npm run build`).
let server: TestServer
let api: ReturnType<typeof projectApi>
let original: { _id: string; slug: string }
let translation: { _id: string; slug: string }
beforeAll(async () => {
  server = await startSignedIn({ site: true }, 'es')
  api = projectApi(server)
  original = await api.addProject({ fields: { title: 'Villa Mirador, Benahavís' } })
  translation = await api.translate(original, {
    title: 'Villa Mirador en Benahavís',
    translatedSlug: 'villa-mirador-es',
  })
})
afterAll(() => server.close())

const page = (path: string) => freshPage(server.url, path)
const metaOf = (html: string, key: string) =>
  [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)]
    .filter((m) => m[1] === key)
    .map((m) => m[2]!.replace(/&amp;/g, '&'))
const cardOf = async (html: string) => {
  const [address] = metaOf(html, 'og:image')
  expect(address).toMatch(/^http:\/\/localhost:3000\/uploads\/[a-f0-9]{24}\.jpg$/)
  const response = await fetch(`${server.url}${new URL(address!).pathname}`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('image/jpeg')
  return { address: address!, bytes: Buffer.from(await response.arrayBuffer()) }
}

describe('social cards', () => {
  it('every language of a project page has the full card: title, description, url, locales, a 1200x630 image', async () => {
    const html = await page(`/project/${translation.slug}`)
    expect(metaOf(html, 'og:title')).toEqual(['Villa Mirador en Benahavís'])
    expect(metaOf(html, 'og:description')[0]).toBeTruthy()
    expect(metaOf(html, 'og:url')).toEqual([`http://localhost:3000/project/${translation.slug}`])
    expect(metaOf(html, 'og:locale')).toEqual(['es_ES'])
    expect(metaOf(html, 'og:locale:alternate')).toEqual(['en_GB'])
    expect(metaOf(html, 'og:image:width')).toEqual(['1200'])
    expect(metaOf(html, 'og:image:height')).toEqual(['630'])
    expect(metaOf(html, 'og:image:alt')).toEqual(['Villa Mirador en Benahavís'])
    expect(metaOf(html, 'twitter:card')).toEqual(['summary_large_image'])
    const card = await cardOf(html)
    const info = await sharp(card.bytes).metadata()
    expect([info.width, info.height, info.format]).toEqual([1200, 630, 'jpeg'])
  })

  it('draws a card per language (the title in that language) and one for a page without a picture', async () => {
    const es = await cardOf(await page(`/project/${translation.slug}`))
    const en = await cardOf(await page(`/project/${original.slug}`))
    expect(es.address).not.toBe(en.address)
    expect(es.bytes.equals(en.bytes)).toBe(false)
    // Coming soon has no picture: a plain card with the title and the mark, still 1200x630.
    const plain = await cardOf(await page('/es/coming-soon'))
    expect((await sharp(plain.bytes).metadata()).width).toBe(1200)
  })

  it('makes a card once per content: the same address until the title changes', async () => {
    const before = (await cardOf(await page(`/project/${original.slug}`))).address
    await api.avifSettled()
    // Another language's change re-renders every page; this page's card stays the same file (its
    // address is the hash of what it shows). The file count is not compared: the new language's
    // own pages, re-rendered in the background, get cards of their own.
    await server.call('POST', '/api/admin/add-language', { json: { name: 'Svenska', code: 'sv' } })
    expect((await cardOf(await page(`/project/${original.slug}`))).address).toBe(before)
    expect((await api.storedFiles()).some((file) => before.endsWith(file))).toBe(true)
    const form = new FormData()
    form.append('title', 'Villa Mirador Alta, Benahavís')
    expect((await server.call('PUT', `/api/admin/update-project/${original._id}`, { form })).status).toBe(200)
    expect((await cardOf(await page(`/project/${original.slug}`))).address).not.toBe(before)
  })

  it('every public page in every language has its card tags', async () => {
    for (const path of ['/', '/es', '/about', '/es/about', '/all-projects', '/es/contact', '/privacy-policy']) {
      const html = await page(path)
      expect(metaOf(html, 'og:locale')[0], path).toBe(path.startsWith('/es') ? 'es_ES' : 'en_GB')
      expect(metaOf(html, 'og:locale:alternate'), path).toEqual(
        expect.arrayContaining([path.startsWith('/es') ? 'en_GB' : 'es_ES']),
      )
      expect(metaOf(html, 'twitter:card'), path).toEqual(['summary_large_image'])
      expect(metaOf(html, 'og:image')[0], path).toMatch(/\/uploads\/[a-f0-9]{24}\.jpg$/)
    }
  })
})

describe('when cards are drawn (decision 128)', () => {
  const keyOfCard = (html: string) => new URL(metaOf(html, 'og:image')[0]!).pathname.slice('/uploads/'.length)
  const isStored = async (key: string) => {
    const found = await server.app.ctx.images.store.get(key)
    found?.body.resume()
    return Boolean(found)
  }

  it('a first render draws no card; the card is drawn when its own address is asked for', async () => {
    const drawn = server.app.socialCards.stats.drawn
    const response = await fetch(`${server.url}/sv/contact`)
    expect(response.headers.get('x-cache')).toBe('miss')
    const key = keyOfCard(await response.text())
    // Before decision 128 the drawing had begun before the page went out.
    expect(server.app.socialCards.drawing).toBe(0)
    expect(server.app.socialCards.stats.drawn).toBe(drawn)
    expect(await isStored(key)).toBe(false)
    const card = await fetch(`${server.url}/uploads/${key}`)
    expect([card.status, card.headers.get('content-type')]).toEqual([200, 'image/jpeg'])
    await card.arrayBuffer()
    expect(server.app.socialCards.stats.drawn).toBe(drawn + 1)
  })

  it('a card is ready after its record is published, before anyone visits the page', async () => {
    // The earlier tests' uploads finish their AVIF sizes in the background, and each finished one
    // is a content change that makes cached pages stale: wait for them, so that only the publish
    // below changes the site.
    await waitFor(
      'no AVIF encoding under way',
      async () => (await server.database.db.select().from(images).where(eq(images.avifReady, false))).length === 0,
    )
    const publishing = publishingApi(server)
    const draft = await publishing.addProject({ fields: { title: 'Villa Alborada, Estepona', saveAs: 'draft' } })
    expect(publishing.ok(await publishing.publish('project', draft._id)).publishStatus).toBe('published')
    const pagePath = `/project/${draft.slug}`
    // The publish rendered the page in the background into the cache: this visit is not a render.
    await waitFor('the published page in the cache', async () => server.app.pageCache!.has(pagePath))
    const visit = await fetch(`${server.url}${pagePath}`)
    // From the cache, not rendered on the visit's path ('stale' when a later content change on
    // this server, such as the publish's own notification coming back, marked it for a refresh).
    expect(['hit', 'stale']).toContain(visit.headers.get('x-cache'))
    const key = keyOfCard(await visit.text())
    await waitFor('its card in the store', () => isStored(key))
  })
})

describe('card titles', () => {
  it('wrap between words into at most three lines, the last one ending with an ellipsis when cut', () => {
    expect(wrapTitle('Villa Mirador, Benahavís')).toEqual(['Villa Mirador, Benahavís'])
    const long = wrapTitle(
      'A boutique design-and-build studio on the Costa del Sol with a very long name indeed, truly',
    )
    expect(long).toHaveLength(3)
    expect(long.every((line) => line.length <= 31)).toBe(true)
    expect(long[2]).toMatch(/…$/)
  })
})
