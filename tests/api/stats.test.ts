import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliveries } from '../../src/server/db/schema.js'
import { addDays } from '../../src/shared/schemas/stats.schema.js'
import type { StatsReport } from '../../src/shared/stats.js'
import { flushVisits } from '../../src/server/stats/visit-store.js'
import { fieldsForm, projectForm } from '../support/factories.js'
import { rawGet } from '../support/raw-get.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { addLanguages } from '../support/signed-in-server.js'
import { addAccount } from '../support/team.js'

// Visits counted on the server (issue 25, decision 095) over real HTTP; needs `npm run build`.
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

let server: TestServer
let second: TestServer
let projectSlug: string
let projectId: string
const today = () => new Date().toISOString().slice(0, 10)

beforeAll(async () => {
  server = await startTestServer({ site: true })
  // A second instance on the same database, as WORKERS or a second server would be.
  second = await startTestServer({ site: true, database: server.database })
  await server.login()
  await addLanguages(server, 'es')
  const added = await server.call('POST', '/api/admin/add-project', {
    form: await projectForm({ project: { title: 'Villa Counted' }, featured: false }),
  })
  expect(added.status).toBe(200)
  projectSlug = added.body.project.slug
  projectId = added.body.project._id
})
afterAll(async () => {
  await second?.close()
  await server?.close()
})

const view = (path: string, headers: Record<string, string> = {}, on: TestServer = server, method = 'GET') =>
  rawGet(on.url, path, { 'user-agent': BROWSER, ...headers }, method)
const flushBoth = async () => {
  await server.app.visits.flush()
  await second.app.visits.flush()
}
const stats = async (from = addDays(today(), -6), to = today()) => {
  const answer = await server.call<StatsReport>('GET', `/api/admin/stats?from=${from}&to=${to}`)
  expect(answer.status).toBe(200)
  return answer.body
}
const viewsOf = (report: StatsReport, path: string) =>
  report.pages.filter((p) => p.path === path).reduce((sum, p) => sum + p.views, 0)

describe('visit counting', () => {
  it('counts a browser’s views of pages, cached or rendered, once flushed; nothing is written before', async () => {
    const before = viewsOf(await stats(), '/about')
    expect((await view('/about')).headers['x-cache']).toBe('miss')
    expect((await view('/about')).headers['x-cache']).toBe('hit')
    expect(viewsOf(await stats(), '/about')).toBe(before)
    await flushBoth()
    expect(viewsOf(await stats(), '/about')).toBe(before + 2)
  })

  it('does not count a bot, a client without a user agent, HEAD, a prefetch, a 404, the admin or an asset', async () => {
    await view('/contact') // cached from here on
    await flushBoth()
    const before = await stats()
    const answers = [
      await view('/contact', { 'user-agent': GOOGLEBOT }),
      await rawGet(server.url, '/contact', {}),
      await view('/contact', {}, server, 'HEAD'),
      await view('/contact', { 'sec-purpose': 'prefetch' }),
      await view('/contact', { purpose: 'prefetch' }),
      await view('/no-such-page'),
      await view(`/project/no-such-villa`),
      await view('/admin/dashboard'),
      await view('/robots.txt'),
      await view('/sitemap.xml'),
    ]
    // An unknown project redirects to its page in a language, or answers 404: not a page either way.
    expect(answers.map((a) => a.status === 200)).toEqual([true, true, true, true, true, false, false, true, true, true])
    await flushBoth()
    const after = await stats()
    expect(after.totals.views).toBe(before.totals.views)
    expect(after.pages).toEqual(before.pages)
  })

  it('adds up the views of two instances on one database', async () => {
    const before = viewsOf(await stats(), '/all-projects')
    for (let i = 0; i < 3; i++) await view('/all-projects', {}, server)
    for (let i = 0; i < 4; i++) await view('/all-projects', {}, second)
    // Both flush the same rows at the same time: additive upserts, nothing lost.
    await Promise.all([server.app.visits.flush(), second.app.visits.flush()])
    expect(viewsOf(await stats(), '/all-projects')).toBe(before + 7)
  })

  it('sets no cookie on any public page, cached or not, nor on a navigation’s data', async () => {
    for (const path of [
      '/',
      '/es',
      '/about',
      '/es/about',
      '/all-projects',
      '/contact',
      `/project/${projectSlug}`,
      '/privacy-policy',
      '/about.data',
      '/404',
    ]) {
      for (const answer of [await view(path), await view(`${path}?utm_source=x&gclid=y`)]) {
        expect(answer.headers['set-cookie'], path).toBeUndefined()
      }
    }
  })
})

describe('GET /api/admin/stats', () => {
  it('answers the totals of a known set of views and enquiries by day, page, source, language and project', async () => {
    await flushBoth()
    const before = await stats()
    // Views: 3 of the project (one from an ad), 2 of /es/about from Google, 1 internal navigation.
    await view(`/project/${projectSlug}`)
    await view(`/project/${projectSlug}?gclid=abc123`)
    await view(`/project/${projectSlug}?utm_source=Idealista&utm_medium=display&utm_campaign=winter`)
    await view('/es/about', { referer: 'https://www.google.es/' })
    await view('/es/about', { referer: 'https://www.google.es/search?q=villa' })
    await view('/about.data?_routes=about', { referer: `${server.url}/`, host: new URL(server.url).host })
    await server.app.visits.flush()
    // Enquiries: one from the ad (gclid) about the project, one from the Idealista campaign, in es.
    const send = (json: object) =>
      server.call('POST', '/api/admin/send-email', {
        json: { fname: 'Ana', lname: 'Ruiz', email: 'ana@example.com', phone: '600000000', message: 'Hola', ...json },
      })
    expect((await send({ project: projectSlug, language: 'en', gclid: 'abc123' })).status).toBe(200)
    expect(
      (
        await send({
          project: projectSlug,
          language: 'es',
          utm_source: 'idealista',
          utm_medium: 'display',
          utm_campaign: 'winter',
        })
      ).status,
    ).toBe(200)

    const after = await stats()
    expect(after.totals.views - before.totals.views).toBe(6)
    expect(after.totals.enquiries - before.totals.enquiries).toBe(2)
    const day = after.days.at(-1)!
    expect(day.date).toBe(today())
    expect(day.views - before.days.at(-1)!.views).toBe(6)
    expect(after.days).toHaveLength(7)

    const project = after.projects.find((p) => p.project === projectId)!
    const projectBefore = before.projects.find((p) => p.project === projectId)!
    expect(project).toMatchObject({ title: 'Villa Counted', views: projectBefore.views + 3, enquiries: 2 })
    expect(project.rate).toBe(Math.round((2 * 10_000) / project.views) / 100)
    const google = after.sources.find((s) => s.source === 'google' && s.medium === 'cpc')!
    expect(google).toMatchObject({ views: 1, enquiries: 1, rate: 100 })
    expect(after.sources.find((s) => s.source === 'idealista')).toMatchObject({
      medium: 'display',
      campaign: 'winter',
      views: 1,
      enquiries: 1,
    })
    expect(after.sources.find((s) => s.source === 'google.es')).toMatchObject({ medium: 'referral', views: 2 })
    expect(after.sources.find((s) => s.source === '(internal)')!.views).toBeGreaterThanOrEqual(1)
    expect(after.pages.find((p) => p.path === '/es/about')).toMatchObject({ language: 'es' })
    expect(viewsOf(after, '/es/about') - viewsOf(before, '/es/about')).toBe(2)
    expect(viewsOf(after, `/project/${projectSlug}`) - viewsOf(before, `/project/${projectSlug}`)).toBe(3)
    const es = (r: StatsReport) => r.languages.find((l) => l.language === 'es') ?? { views: 0, enquiries: 0 }
    expect(es(after).views - es(before).views).toBe(2)
    expect(es(after).enquiries - es(before).enquiries).toBe(1)
    // Sorted by views.
    for (const list of [after.pages, after.sources, after.languages, after.projects])
      expect(list.map((r) => r.views)).toEqual([...list.map((r) => r.views)].sort((a, b) => b - a))

    const csv = await server.call('GET', `/api/admin/stats.csv?from=${addDays(today(), -6)}&to=${today()}`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.body).toContain(`"project","","","","Villa Counted","","","","${project.views}","2","${project.rate}"`)
  })

  it('sums a range from monthly and daily counts alike', async () => {
    const day = (date: string, views: number) => ({ day: date, page: { path: '/contact', language: 'en' }, views })
    const source = (date: string, views: number) => ({
      day: date,
      source: 'x.com',
      medium: 'referral',
      campaign: '',
      views,
    })
    const dates = [
      ['2024-01-31', 1],
      ['2024-02-01', 10],
      ['2024-02-29', 100],
      ['2024-03-01', 1000],
      ['2024-04-15', 10000],
    ] as const
    await flushVisits(server.database.db, {
      pages: dates.map(([d, v]) => day(d, v)),
      sources: dates.map(([d, v]) => source(d, v)),
    })
    const total = async (from: string, to: string) => {
      const report = await stats(from, to)
      expect(report.sources.find((s) => s.source === 'x.com')?.views ?? 0, `${from}..${to} sources`).toBe(
        report.totals.views,
      )
      expect(viewsOf(report, '/contact'), `${from}..${to} pages`).toBe(report.totals.views)
      return report.totals.views
    }
    expect(await total('2024-01-01', '2024-12-31')).toBe(11111)
    expect(await total('2024-02-01', '2024-02-29')).toBe(110)
    expect(await total('2024-01-31', '2024-03-01')).toBe(1111)
    expect(await total('2024-02-02', '2024-04-15')).toBe(11100)
    expect(await total('2024-02-02', '2024-02-28')).toBe(0)
  })

  it('refuses a bad range with a 400 naming the field', async () => {
    const bad = async (query: string) => {
      const answer = await server.call('GET', `/api/admin/stats?${query}`)
      expect(answer.status, query).toBe(400)
      return answer.body.field
    }
    expect(await bad('from=2026-03-02&to=2026-03-01')).toBe('from')
    expect(await bad('from=2026-02-30&to=2026-03-01')).toBe('from')
    expect(await bad('from=yesterday&to=2026-03-01')).toBe('from')
    expect(await bad('from=2026-03-01&to=2026-3-1')).toBe('to')
    expect(await bad('from=2026-03-01')).toBe('to')
    expect(await bad('from=2020-01-01&to=2023-12-31')).toBe('to')
    expect((await server.call('GET', '/api/admin/stats.csv?from=2026-03-02&to=2026-03-01')).status).toBe(400)
    expect((await server.call('GET', '/api/admin/stats?from=2023-01-01&to=2025-12-31')).status).toBe(200)
  })

  it('is for signed-in users only', async () => {
    for (const path of ['/api/admin/stats?from=2026-01-01&to=2026-01-02', '/api/admin/attention'])
      expect((await server.call('GET', path, { token: null })).status, path).toBe(401)
  })
})

describe('GET /api/admin/attention', () => {
  it('lists what waits, each with a count and the screen where it is fixed', async () => {
    // One of the enquiries' mail failed once and waits for its retry.
    const [delivery] = await server.database.db.select().from(deliveries).limit(1)
    await server.database.db
      .update(deliveries)
      .set({ status: 'pending', attempts: 1, lastError: 'connection refused' })
      .where(eq(deliveries.id, delivery!.id))
    const answer = await server.call('GET', '/api/admin/attention')
    expect(answer.status).toBe(200)
    const kinds = Object.fromEntries(answer.body.map((item: { kind: string }) => [item.kind, item]))
    // Two enquiries above, none handled; the project has no Spanish translation.
    expect(kinds['deliveries-failed']).toMatchObject({ count: 1, href: '/admin/enquiries?status=pending' })
    expect(kinds['enquiries-not-handled']).toMatchObject({ count: 2, href: '/admin/enquiries' })
    expect(kinds['project-translations-missing']).toMatchObject({ count: 1, href: '/admin/overview' })
    expect(kinds['review-translations-missing']).toBeUndefined()
    for (const item of answer.body) {
      expect(item.count).toBeGreaterThan(0)
      expect(item.label).toMatch(/^\d+ /)
    }
  })
})

describe('GET /api/admin/attention for a translator', () => {
  it('holds only the translations of their languages: no enquiries, deliveries or other languages', async () => {
    await addLanguages(server, 'sv')
    const staff = Object.fromEntries(
      (await server.call('GET', '/api/admin/attention')).body.map((item: { kind: string; count: number }) => [
        item.kind,
        item.count,
      ]),
    )
    const kindsAs = async (username: string, languages: string[]) => {
      const { token } = await addAccount(server, { username, role: 'translator', languages })
      const answer = await server.call('GET', '/api/admin/attention', { token })
      expect(answer.status).toBe(200)
      return Object.fromEntries(answer.body.map((item: { kind: string; count: number }) => [item.kind, item.count]))
    }
    // The project lacks Spanish and Swedish: the staff count both, a Spanish translator one.
    const spanish = await kindsAs('ines', ['es'])
    expect(staff['project-translations-missing']).toBe((spanish['project-translations-missing'] ?? 0) + 1)
    expect(spanish['project-translations-missing']).toBeGreaterThanOrEqual(1)
    for (const kind of ['enquiries-not-handled', 'deliveries-failed', 'deliveries-waiting', 'drafts-waiting'])
      expect(spanish[kind], kind).toBeUndefined()
    expect(await kindsAs('nadie', [])).toEqual({})
  })
})

describe('GET /api/admin/attention and publishing', () => {
  it('counts drafts waiting, scheduled publications and translations whose original changed', async () => {
    const kindsNow = async () => {
      const answer = await server.call('GET', '/api/admin/attention')
      expect(answer.status).toBe(200)
      return Object.fromEntries(answer.body.map((item: { kind: string; count: number }) => [item.kind, item.count]))
    }
    const before = await kindsNow()
    const es = await server.call('POST', '/api/admin/add-project', {
      form: fieldsForm({ translate: 'true', parentId: projectId, language: 'es', title: 'Villa Contada' }),
    })
    expect(es.status, JSON.stringify(es.body)).toBe(200)
    // A draft of the original; then the original's title changes (the translation falls behind).
    const draft = await server.call('PUT', `/api/admin/update-project/${projectId}`, {
      form: fieldsForm({ title: 'Villa Counted', description: 'A draft description', saveAs: 'draft' }),
    })
    expect(draft.status, JSON.stringify(draft.body)).toBe(200)
    expect((await kindsNow())['drafts-waiting'] ?? 0).toBe((before['drafts-waiting'] ?? 0) + 1)
    const scheduled = await server.call('POST', `/api/admin/publish/project/${es.body.project._id}`, {
      json: { at: new Date(Date.now() + 86_400_000).toISOString() },
    })
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)
    expect(
      (
        await server.call('PUT', `/api/admin/update-project/${projectId}`, {
          form: fieldsForm({ title: 'Villa Counted Again' }),
        })
      ).status,
    ).toBe(200)
    const after = await kindsNow()
    expect(after['scheduled'] ?? 0).toBe((before['scheduled'] ?? 0) + 1)
    expect(after['project-translations-out-of-date'] ?? 0).toBe((before['project-translations-out-of-date'] ?? 0) + 1)
  })
})
