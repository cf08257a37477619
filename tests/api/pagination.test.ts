import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectForm } from '../support/factories.js'
import { rawGet } from '../support/raw-get.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

// A portfolio larger than one page, over real HTTP: pages of 12 in every language, their
// canonical and neighbouring addresses, the API's slices and the sitemap index.
const ORIGIN = 'http://localhost:3000'
const TOTAL = 101
let server: TestServer
const titles: string[] = []

beforeAll(async () => {
  server = await startSignedIn({ site: true }, 'es')
  for (let i = 1; i <= TOTAL; i++) {
    const title = `Villa Número ${String(i).padStart(3, '0')}, Estepona`
    const added = await server.call('POST', '/api/admin/add-project', {
      form: await projectForm({ fields: { title }, featured: false }),
    })
    expect(added.status).toBe(200)
    titles.unshift(title) // newest first
  }
}, 120_000)
afterAll(() => server.close())

const page = async (path: string) => {
  const answer = await rawGet(server.url, path)
  const html = answer.body.toString()
  return {
    status: answer.status,
    location: answer.headers.location,
    html,
    cards: [...html.matchAll(/class="project-card__title"[^>]*>([^<]+)</g)].map((m) => m[1]),
    link: (rel: string, hreflang?: string) =>
      new RegExp(`<link rel="${rel}"${hreflang ? ` hrefLang="${hreflang}"` : ''} href="([^"]+)"`).exec(html)?.[1],
  }
}

describe('all projects, page by page', () => {
  it('shows the newest 12 on the first page, with its canonical address and the next page', async () => {
    const first = await page('/all-projects')
    expect(first.status).toBe(200)
    expect(first.cards).toEqual(titles.slice(0, 12))
    expect(first.link('canonical')).toBe(`${ORIGIN}/all-projects`)
    expect(first.link('next')).toBe(`${ORIGIN}/all-projects?page=2`)
    expect(first.link('prev')).toBeUndefined()
    expect(first.html).toContain('aria-label="Pages"')
    expect(first.html.length).toBeLessThan(150_000)
  })

  it('gives every later page its own canonical address and both neighbours', async () => {
    const second = await page('/all-projects?page=2&utm_source=x')
    expect(second.cards).toEqual(titles.slice(12, 24))
    expect(second.link('canonical')).toBe(`${ORIGIN}/all-projects?page=2`)
    expect(second.link('prev')).toBe(`${ORIGIN}/all-projects`)
    expect(second.link('next')).toBe(`${ORIGIN}/all-projects?page=3`)
    expect(second.link('alternate', 'es')).toBe(`${ORIGIN}/es/all-projects?page=2`)
  })

  it('pages the Spanish portfolio the same way, to the last page', async () => {
    const last = await page('/es/all-projects?page=9')
    expect(last.status).toBe(200)
    expect(last.html).toContain('<html lang="es"')
    expect(last.cards).toEqual(titles.slice(96))
    expect(last.link('canonical')).toBe(`${ORIGIN}/es/all-projects?page=9`)
    expect(last.link('prev')).toBe(`${ORIGIN}/es/all-projects?page=8`)
    expect(last.link('next')).toBeUndefined()
    expect(last.link('alternate', 'en')).toBe(`${ORIGIN}/all-projects?page=9`)
  })

  it('sends ?page=1, pages past the end and junk to the first page', async () => {
    for (const query of ['page=1', 'page=10', 'page=0', 'page=abc', 'page=2.5', 'page=-3']) {
      const answer = await page(`/es/all-projects?${query}`)
      expect(answer.status, query).toBe(301)
      expect(answer.location, query).toBe('/es/all-projects')
    }
  })
})

describe('API slices', () => {
  it('answers the whole list without limit, and a slice with limit and offset', async () => {
    const all = await server.call('GET', '/api/admin/get-projects/es')
    expect(all.body).toHaveLength(TOTAL)
    const slice = await server.call('GET', '/api/admin/get-projects/es?limit=12&offset=12')
    expect(slice.body.map((p: { title: string }) => p.title)).toEqual(titles.slice(12, 24))
    const rows = await server.call('GET', '/api/admin/get-projects?limit=3')
    expect(rows.body).toHaveLength(3)
  })

  it('refuses a limit or offset that is not a sensible whole number', async () => {
    for (const [query, message] of [
      ['limit=0', 'limit must be at least 1'],
      ['limit=501', 'limit must be at most 500'],
      ['limit=abc', 'limit must be a whole number'],
      ['offset=-1', 'offset must be at least 0'],
      ['limit=1.5', 'limit must be a whole number'],
    ]) {
      const answer = await server.call('GET', `/api/admin/get-projects/en?${query}`)
      expect(answer.status, query).toBe(400)
      expect(answer.body.message, query).toBe(message)
    }
  })
})

describe('sitemap', () => {
  it("is an index of one sitemap per language, each listing that language's pages and projects", async () => {
    const index = (await rawGet(server.url, '/sitemap.xml')).body.toString()
    expect(index).toContain('<sitemapindex')
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
    expect(files).toEqual(['/sitemaps/en.xml', '/sitemaps/es.xml'])
    const en = (await rawGet(server.url, files[0]!)).body.toString()
    expect(en).toContain(`<loc>${ORIGIN}/all-projects</loc>`)
    expect(en).not.toContain(`<loc>${ORIGIN}/es/all-projects</loc>`)
    const listed = [...en.matchAll(/<loc>[^<]*\/project\/([^<]+)<\/loc>/g)]
    expect(listed).toHaveLength(TOTAL)
    const es = (await rawGet(server.url, files[1]!)).body.toString()
    expect(es).toContain(`<loc>${ORIGIN}/es/all-projects</loc>`)
    // A second file only exists for a portfolio of more than 1,000 projects.
    expect((await rawGet(server.url, '/sitemaps/en.2.xml')).status).toBe(404)
    expect((await rawGet(server.url, '/sitemaps/xx.xml')).status).toBe(404)
  })
})
