import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoPageText, demoProjects } from '../../src/server/seed/demo-content.js'
import { ensurePrivacyPolicyPage } from '../../src/server/seed/lead-pages.js'
import { addTranslationPage } from '../../src/server/services/translation-pages.js'
import { projectApi } from '../support/project-api.js'
import { startSignedIn } from '../support/signed-in-server.js'
import { type TestServer } from '../support/test-server.js'
import { waitFor } from '../support/wait-for.js'

// Issue 24, items 6 and 8: the running site, crawled from robots.txt through every sitemap to
// every page, fails on any hreflang, canonical, sitemap or duplicate-title problem. Over the demo
// text in three languages and three of its projects (translated into one, two or no other
// language), with small pictures (the demo's drawn ones take minutes); needs `npm run build`.
const ORIGIN = 'http://localhost:3000'
let server: TestServer
beforeAll(async () => {
  server = await startSignedIn({ site: true }, 'es', 'sv')
  for (const [page, text] of Object.entries(demoPageText))
    await addTranslationPage(server.app.ctx, page, [{ es: text.es!, sv: text.sv! }])
  await ensurePrivacyPolicyPage(server.app.ctx)
  const api = projectApi(server)
  for (const demo of demoProjects.slice(0, 3)) {
    const { amenities: _, ...en } = demo.en
    const project = await api.addProject({ fields: en, gallery: 1 })
    for (const language of ['es', 'sv'] as const) {
      const text = demo[language]
      if (!text) continue
      const { amenities: __, slug, ...fields } = text
      await api.translate(project, { ...fields, language, translatedSlug: slug })
    }
  }
}, 180_000)
afterAll(() => server.close())

interface Entry {
  file: string
  loc: string
  lastmod: string | null
  alternates: Record<string, string>
  images: string[]
}

const local = (href: string) => (href.startsWith(ORIGIN) ? href.slice(ORIGIN.length) || '/' : href)
const get = (path: string) =>
  waitFor(
    `a fresh ${path}`,
    () => fetch(`${server.url}${path}`, { redirect: 'manual' }),
    (r) => r.headers.get('x-cache') !== 'stale',
  )
const unescape = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
const sameSet = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort())

async function readSitemaps(problems: string[]): Promise<Entry[]> {
  const robots = await (await get('/robots.txt')).text()
  const index = /^Sitemap: (\S+)$/m.exec(robots)?.[1]
  if (!index) return [problems.push('robots.txt names no sitemap'), []][1] as Entry[]
  const files = [...(await (await get(local(index))).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
  const entries: Entry[] = []
  for (const file of files) {
    const response = await get(local(file))
    if (response.status !== 200) problems.push(`${file}: ${response.status}`)
    if (!response.headers.get('content-type')?.startsWith('application/xml')) problems.push(`${file}: not XML`)
    for (const [, block] of (await response.text()).matchAll(/<url>([\s\S]*?)<\/url>/g)) {
      const alternates: Record<string, string> = {}
      for (const [, lang, href] of block!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g))
        alternates[lang!] = unescape(href!)
      entries.push({
        file,
        loc: unescape(/<loc>([^<]+)<\/loc>/.exec(block!)![1]!),
        lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(block!)?.[1] ?? null,
        alternates,
        images: [...block!.matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map((m) => unescape(m[1]!)),
      })
    }
  }
  return entries
}

function checkSitemaps(entries: Entry[], problems: string[]) {
  const byLoc = new Map<string, Entry>()
  for (const entry of entries) {
    if (byLoc.has(entry.loc)) problems.push(`${entry.loc}: listed twice`)
    byLoc.set(entry.loc, entry)
  }
  for (const entry of entries) {
    const at = entry.loc
    if (!entry.lastmod || Number.isNaN(Date.parse(entry.lastmod)) || Date.parse(entry.lastmod) > Date.now() + 1000)
      problems.push(`${at}: lastmod ${entry.lastmod}`)
    const self = Object.entries(entry.alternates).find(([lang, href]) => lang !== 'x-default' && href === at)
    if (!self) problems.push(`${at}: no self-referencing hreflang`)
    else if (!entry.file.endsWith(`/sitemaps/${self[0]}.xml`))
      problems.push(`${at}: in ${entry.file}, not its language's sitemap`)
    if (!entry.alternates['x-default']) problems.push(`${at}: no x-default`)
    for (const [lang, href] of Object.entries(entry.alternates)) {
      const target = byLoc.get(href)
      if (!target) problems.push(`${at}: hreflang ${lang} points at ${href}, which no sitemap lists`)
      else if (!sameSet(target.alternates, entry.alternates))
        problems.push(`${at}: hreflang ${lang} -> ${href} is not reciprocal`)
    }
  }
  return byLoc
}

/** What a page's head says, by path: the SEO check must report from the same words. */
type Heads = Map<string, { title: string; description: string }>

async function checkPage(entry: Entry, problems: string[], titles: Map<string, string>, heads: Heads) {
  const at = entry.loc
  const response = await get(local(at))
  if (response.status !== 200)
    return problems.push(`${at}: answered ${response.status} ${response.headers.get('location') ?? ''}`)
  const html = await response.text()
  const head = html.slice(0, html.indexOf('</head>'))
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1]
  if (canonical !== at) problems.push(`${at}: canonical ${canonical}`)
  const alternates: Record<string, string> = {}
  for (const [, lang, href] of head.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g))
    alternates[lang!] = unescape(href!)
  if (!sameSet(alternates, entry.alternates)) problems.push(`${at}: head hreflang differs from the sitemap's`)
  const lang = Object.entries(entry.alternates).find(([code, href]) => code !== 'x-default' && href === at)?.[0]
  if (!html.includes(`<html lang="${lang}"`)) problems.push(`${at}: <html lang> is not ${lang}`)
  if (/<meta name="robots" content="noindex/.test(head)) problems.push(`${at}: listed but noindex`)
  const title = unescape(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '')
  if (!title) problems.push(`${at}: no title`)
  else if (titles.has(title)) problems.push(`${at}: title "${title}" also on ${titles.get(title)}`)
  else titles.set(title, at)
  const description = unescape(/<meta name="description" content="([^"]*)"/.exec(head)?.[1] ?? '')
  if (!description) problems.push(`${at}: no description`)
  heads.set(local(at), { title, description })
  if (/<meta property="og:url" content="([^"]+)"/.exec(head)?.[1] !== at)
    problems.push(`${at}: og:url is not the canonical`)
  if (!/<meta property="og:image" content="[^"]*\/uploads\/[a-f0-9]{24}\.jpg"/.test(head))
    problems.push(`${at}: no card`)
  return undefined
}

/**
 * The SEO check (decision 113) reads the heads through the same functions the pages use: over the
 * crawled site it finds no hreflang or duplicate-title problem either, and flags exactly the
 * titles and descriptions the crawl measured outside the guidance.
 */
async function checkSeoReport(heads: Heads, problems: string[]) {
  const { body: report } = await server.call('GET', '/api/admin/seo-report')
  const { titleMax, descriptionMin, descriptionMax } = report.guidance
  const reported = report.languages.flatMap((l: { problems: { kind: string; path: string }[] }) => l.problems)
  for (const problem of reported)
    if (['hreflang', 'duplicate-title', 'missing-title', 'redirect-chain'].includes(problem.kind))
      problems.push(`SEO check: ${problem.kind} on ${problem.path}`)
  const flagged = (kind: string) =>
    reported
      .filter((p: { kind: string }) => p.kind === kind)
      .map((p: { path: string }) => p.path)
      .filter((path: string) => heads.has(path))
      .sort()
  const measured = (outside: (head: { title: string; description: string }) => boolean) =>
    [...heads]
      .filter(([, head]) => outside(head))
      .map(([path]) => path)
      .sort()
  expect(flagged('long-title')).toEqual(measured((head) => head.title.length > titleMax))
  expect(flagged('description-length')).toEqual(
    measured((head) => head.description.length < descriptionMin || head.description.length > descriptionMax),
  )
}

describe('the site as a crawler sees it', () => {
  it('has no hreflang, canonical, sitemap or duplicate-title problem on any page', async () => {
    const problems: string[] = []
    const entries = await readSitemaps(problems)
    expect(entries.length).toBeGreaterThan(18)
    checkSitemaps(entries, problems)
    const titles = new Map<string, string>()
    const heads: Heads = new Map()
    for (const entry of entries) await checkPage(entry, problems, titles, heads)
    await checkSeoReport(heads, problems)
    const images = new Set(entries.flatMap((entry) => entry.images))
    expect(images.size).toBeGreaterThan(3)
    for (const image of images) {
      const status = (await fetch(`${server.url}${local(image)}`, { method: 'HEAD' })).status
      if (status !== 200) problems.push(`${image}: image answered ${status}`)
    }
    // Pages left out are not indexed, and say so.
    for (const path of ['/coming-soon', '/es/coming-soon']) {
      const html = await (await get(path)).text()
      const head = html.slice(0, html.indexOf('</head>'))
      if (!/<meta name="robots" content="noindex/.test(head)) problems.push(`${path}: not listed but indexable`)
      if (/hrefLang=/.test(head)) problems.push(`${path}: noindex page with hreflang`)
    }
    expect(problems).toEqual([])
  }, 180_000)

  it('moves a page’s lastmod only when its own content changes', async () => {
    const lastmodOf = async (loc: string) => (await readSitemaps([])).find((e) => e.loc === `${ORIGIN}${loc}`)!.lastmod
    const [about, portfolio] = [await lastmodOf('/es/about'), await lastmodOf('/es/all-projects')]
    const projects = (await server.call('GET', '/api/admin/get-projects')).body
    const form = new FormData()
    form.append('title', `${projects[0].title} (renovated)`)
    expect((await server.call('PUT', `/api/admin/update-project/${projects[0]._id}`, { form })).status).toBe(200)
    expect(await lastmodOf('/es/about')).toBe(about)
    expect(Date.parse((await lastmodOf('/es/all-projects'))!)).toBeGreaterThan(Date.parse(portfolio!))
    expect(await lastmodOf(`/project/${projects[0].slug}`)).toBe(
      (await server.call('GET', `/api/admin/get-project/${projects[0]._id}`)).body.updatedAt,
    )
  })
})
