import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redirects } from '../../src/server/db/schema.js'
import { demoPageText } from '../../src/server/seed/demo-content.js'
import { addTranslationPage } from '../../src/server/services/translation-pages.js'
import type { SeoProblem, SeoReport } from '../../src/shared/seo-report.js'
import { projectApi } from '../support/project-api.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

// The SEO check (issue 24, item 8; decision 113) over real HTTP: per language, what a crawler
// would find wrong, each with the screen where it is fixed. No build needed: it reads data.
let server: TestServer
let duplicates: { _id: string; slug: string }[]
let translated: { _id: string; slug: string }
beforeAll(async () => {
  server = await startSignedIn({}, 'es')
  for (const page of ['home', 'about', 'contact'] as const)
    await addTranslationPage(server.app.ctx, page, [{ es: demoPageText[page]!.es! }])
  const api = projectApi(server)
  const description =
    'A calm villa above the sea with a long pool, a shaded terrace and five bedrooms, each opening onto the garden and the light.'
  duplicates = [
    await api.addProject({ project: { title: 'Villa Twin, Marbella', description } }),
    await api.addProject({ project: { title: 'Villa Twin, Marbella', description } }),
  ]
  translated = await api.addProject({
    project: {
      title: 'Villa With A Remarkably Long Name That Goes On, Benahavís',
      description: 'Short.',
    },
  })
  await api.translate(translated, { title: 'Villa Larga', description: 'Corta.', translatedSlug: 'villa-larga' })
}, 120_000)
afterAll(() => server.close())

const report = async (): Promise<SeoReport> => {
  const res = await server.call('GET', '/api/admin/seo-report')
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body
}
const problemsOf = (r: SeoReport, code: string) => r.languages.find((l) => l.code === code)!.problems
const find = (problems: SeoProblem[], kind: string, path: string) =>
  problems.filter((p) => p.kind === kind && p.path === path)

describe('the SEO check', () => {
  it('needs a signed-in admin', async () => {
    expect((await server.call('GET', '/api/admin/seo-report', { token: null })).status).toBe(401)
  })

  it('lists per language the duplicate titles and descriptions, with the record to fix', async () => {
    const r = await report()
    expect(r.languages.map((l) => l.code)).toEqual(['en', 'es'])
    expect(r.guidance).toEqual({ titleMax: 60, descriptionMin: 120, descriptionMax: 156 })
    const en = problemsOf(r, 'en')
    const [first, second] = duplicates.map((d) => `/project/${d.slug}`)
    expect(find(en, 'duplicate-title', second!)).toEqual([
      {
        kind: 'duplicate-title',
        path: second,
        message: `The same title as ${first}`,
        fix: `/admin/update-project/${duplicates[1]!._id}`,
      },
    ])
    expect(find(en, 'duplicate-title', first!)[0]!.message).toBe(`The same title as ${second}`)
    expect(find(en, 'duplicate-description', second!)).toHaveLength(1)
    // The Spanish pages have their own titles: nothing duplicated there.
    expect(problemsOf(r, 'es').filter((p) => p.kind === 'duplicate-title')).toEqual([])
  })

  it('measures titles and descriptions against the guidance, as the page head writes them', async () => {
    const r = await report()
    const en = problemsOf(r, 'en')
    const long = find(en, 'long-title', `/project/${translated.slug}`)
    expect(long).toHaveLength(1)
    // The head's <title>: the page's title, then the company's name.
    expect(long[0]!.message).toMatch(
      /^The title "Villa With A Remarkably Long Name That Goes On, Benahavís \| .+" is \d+ characters/,
    )
    expect(find(en, 'description-length', `/project/${translated.slug}`)[0]!.message).toBe(
      'The description is 6 characters; 120–156 is best',
    )
    expect(find(problemsOf(r, 'es'), 'description-length', '/project/villa-larga')).toHaveLength(1)
    // The good description passes.
    expect(find(en, 'description-length', `/project/${duplicates[0]!.slug}`)).toEqual([])
  })

  it('names the pages left out of the index, and the site page’s text to fix', async () => {
    const r = await report()
    const [noindex] = find(problemsOf(r, 'es'), 'noindex', '/es/coming-soon')
    expect(noindex).toMatchObject({ message: 'Not indexed: left out of the sitemap and of hreflang' })
    // Home and about share their introduction: both are flagged, each linked to its page text.
    const [home] = find(problemsOf(r, 'es'), 'duplicate-description', '/es')
    const [about] = find(problemsOf(r, 'es'), 'duplicate-description', '/es/about')
    expect(home!.message).toBe('The same description as /es/about')
    expect(about!.fix).toMatch(/^\/admin\/update-translation\/[0-9a-f-]{36}$/)
    expect(about!.fix).not.toBe(home!.fix)
    expect(r.notes.join(' ')).toMatch(/alt text/)
  })

  it('finds redirects to redirects, and hreflang links to addresses that redirect', async () => {
    expect(problemsOf(await report(), 'en').filter((p) => p.kind === 'hreflang')).toEqual([])
    // Rows the Redirects screen would refuse or collapse, as an older import or a restored backup left them.
    await server.database.db.insert(redirects).values([
      { id: randomUUID(), fromPath: '/es/old-villas', toPath: '/es/villas', source: 'import' },
      { id: randomUUID(), fromPath: '/es/villas', toPath: '/es/all-projects', source: 'import' },
      { id: randomUUID(), fromPath: '/es/about', toPath: '/about', source: 'import' },
    ])
    const r = await report()
    expect(find(problemsOf(r, 'es'), 'redirect-chain', '/es/old-villas')).toEqual([
      {
        kind: 'redirect-chain',
        path: '/es/old-villas',
        message: '/es/old-villas redirects to /es/villas, which redirects again to /es/all-projects',
        fix: '/admin/redirects',
      },
    ])
    expect(find(problemsOf(r, 'en'), 'hreflang', '/about').map((p) => p.message)).toEqual([
      'hreflang es points at /es/about, which redirects',
    ])
  })
})
