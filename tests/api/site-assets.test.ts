import { statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SITE_BUILD_DIR } from '../../src/server/site/ssr.js'
import { findStaticEntry } from '../../src/server/site/static-entry.js'
import { projectForm } from '../support/factories.js'
import { rawGet } from '../support/raw-get.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

// The site's built files over real HTTP (needs `npm run build`, which `npm test` runs first).
let server: TestServer
/** A project's page (none in this database before). */
let projectPage: string
beforeAll(async () => {
  server = await startSignedIn({ site: true })
  const added = await server.call('POST', '/api/admin/add-project', {
    form: await projectForm({ fields: { title: 'Villa Assets', isShow: 'true' }, featured: false }),
  })
  expect(added.status).toBe(200)
  projectPage = `/project/${(added.body.project as { slug: string }).slug}`
  STATIC_PAGES.add(projectPage)
})
afterAll(() => server.close())

const assetsOf = async (page: string) =>
  [...(await rawGet(server.url, page)).body.toString().matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  )

describe('site assets', () => {
  it('sends every script and stylesheet of a page precompressed, immutable, and the same bytes in every encoding', async () => {
    // The admin's: no public page links a stylesheet or preloads a module (decision 123).
    const assets = await assetsOf('/admin/login')
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true)
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true)
    for (const asset of assets) {
      const plain = await rawGet(server.url, asset)
      const br = await rawGet(server.url, asset, { 'accept-encoding': 'gzip, deflate, br' })
      const gzip = await rawGet(server.url, asset, { 'accept-encoding': 'gzip' })
      expect(plain.status, asset).toBe(200)
      for (const answer of [plain, br, gzip]) {
        expect(answer.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable')
        expect(answer.headers.vary, asset).toContain('accept-encoding')
      }
      if (plain.body.length < 1024) continue // too small to be worth compressing
      expect(br.headers['content-encoding'], asset).toBe('br')
      expect(gzip.headers['content-encoding'], asset).toBe('gzip')
      expect(brotliDecompressSync(br.body).equals(plain.body), asset).toBe(true)
      expect(gunzipSync(gzip.body).equals(plain.body), asset).toBe(true)
    }
  })

  it("gives each public page the root's stylesheet, the site frame's and one of its own, with no other page's rules", async () => {
    // A block each page's stylesheet must carry, and blocks only other pages use.
    const pages = {
      '/': ['.image-hero--full', ['.contact-banner', '.project-hero', '.projects-grid']],
      '/about': ['.image-hero--page', ['.contact-banner', '.project-hero', '.projects-grid']],
      '/all-projects': ['.projects-grid', ['.contact-banner', '.project-hero', '.image-hero--full', '.swiper']],
      '/contact': ['.contact-banner', ['.project-hero', '.projects-grid', '.image-hero--full', '.swiper']],
      '/privacy-policy': ['.page-banner', ['.contact-banner', '.project-hero', '.projects-grid', '.swiper']],
    } as const
    for (const [page, [own, others]] of Object.entries(pages)) {
      const stylesheets = (await assetsOf(page)).filter((a) => a.endsWith('.css'))
      // A page that does not hydrate links none: the CSS inlined in it is all it gets (decision 122).
      expect(stylesheets, page).toHaveLength(STATIC_PAGES.has(page) ? 0 : 3)
      const css = STATIC_PAGES.has(page)
        ? await inlinedCss(page)
        : (await Promise.all(stylesheets.map((href) => rawGet(server.url, href)))).map((r) => r.body).join('')
      expect(css, page).toContain(own)
      for (const other of others) expect(css, `${page}: ${other}`).not.toContain(other)
    }
  })

  it('inlines the CSS a public page uses and starts its scripts after the first paint', async () => {
    const linked = new Set<string>()
    for (const page of ['/', '/all-projects', '/about', '/contact', '/404', projectPage]) {
      const html = (await rawGet(server.url, page)).body.toString()
      const head = html.slice(0, html.indexOf('</head>'))
      // The stylesheets are there for hydration, disabled until the loader enables them; a page
      // that does not hydrate has none (decision 122).
      const disabled = head.match(/<link rel="stylesheet" href="[^"]+" disabled=""\/>/g) ?? []
      expect(disabled, page).toHaveLength(STATIC_PAGES.has(page) ? 0 : 3)
      expect(head, page).toMatch(/<style>[^<]+<\/style>/)
      // No script downloads before the first paint: the preloads and the module script wait in a
      // template; a page that does not hydrate has one small module and nothing to preload.
      expect(head, page).not.toContain('modulepreload')
      expect(html, page).toMatch(
        STATIC_PAGES.has(page)
          ? /<template id="hydration"><script type="module" async="">import "\/assets\/entry\.static-[\w-]+\.js"<\/script><\/template>/
          : /<template id="hydration">(<link rel="modulepreload"[^>]+>)+<script type="module"/,
      )
      // The fonts (the display font and its two stand-ins) are declared once, in the page: a
      // stylesheet enabled after the first paint that declared them again lays the page out again.
      expect(head.match(/@font-face/g), page).toHaveLength(3)
      for (const [, href] of head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)) linked.add(href!)
    }
    for (const href of linked) {
      expect((await rawGet(server.url, href)).body.toString(), href).not.toContain('@font-face')
    }
  })

  it('sends each page whole, in order: no part sent late and moved into place by a script (decision 118)', async () => {
    for (const page of ['/', '/all-projects', '/about', '/contact', '/404', projectPage, '/admin/login']) {
      const html = (await rawGet(server.url, page)).body.toString()
      // React's markers of a boundary sent after the shell, and its scripts that place them.
      expect(html, page).not.toMatch(/<!--\$[?!]-->/)
      expect(html, page).not.toMatch(/\$R[BCVX]\s*[(=]/)
      // React Router's loader data still arrives, in the page, and its stream is closed; a page
      // that does not hydrate has none.
      if (STATIC_PAGES.has(page)) expect(html, page).not.toContain('__reactRouterContext')
      else expect(html, page).toContain('window.__reactRouterContext.streamController.close()')
    }
  })

  it('starts no framework on a page with no behaviour of its own, only the static entry (decision 121)', async () => {
    for (const page of [...STATIC_PAGES, '/coming-soon']) {
      const html = (await rawGet(server.url, page)).body.toString()
      const scripts = [...html.matchAll(/(?:import |src=)"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
      expect(scripts, page).toEqual([expect.stringMatching(/^\/assets\/entry\.static-[\w-]+\.js$/)])
      expect(html, page).not.toContain('__reactRouter')
      // Nor React Router's scroll restoration: the browser restores a page it loads itself.
      expect(html, page).not.toContain('react-router-scroll-positions')
      const entry = await rawGet(server.url, scripts[0]!)
      expect(entry.status, page).toBe(200)
      expect(entry.headers['content-type'], page).toMatch(/javascript/)
      // Nothing it must wait for: a module it imports statically is one more round trip before it
      // runs (its behaviours and the rest load on demand, with `import(…)`).
      expect(entry.body.toString(), page).not.toMatch(/(?:^|[;\n}])\s*import\s*[^\s(]/)
    }
  })

  it('hydrates no public page: every public route says so (decision 123)', async () => {
    const build = (await import(pathToFileURL(path.join(SITE_BUILD_DIR, 'server', 'index.js')).href)) as ServerBuild
    for (const id of PUBLIC_ROUTES) {
      expect((build.routes[id]!.module.handle as { hydrate?: boolean } | undefined)?.hydrate, id).toBe(false)
    }
  })

  it('keeps the admin screens as React Router renders them', async () => {
    const html = (await rawGet(server.url, '/admin/login')).body.toString()
    expect(html).toContain('<link rel="modulepreload"')
    expect(html).not.toContain('<template id="hydration">')
  })

  it('keeps each public page within its script and CSS budget (KB, brotli)', async () => {
    const sizes = await publicPageBudgets()
    expect(sizes.staticEntry, 'the static entry').toBeLessThanOrEqual(BUDGET.staticEntryKb)
    for (const [route, kb] of Object.entries(sizes.stylesheets)) {
      expect(kb, `${route}: stylesheets`).toBeLessThanOrEqual(BUDGET.stylesheetsKb)
    }
    for (const page of ['/', '/all-projects', '/about', '/contact', projectPage]) {
      const inline = await inlinedCss(page)
      expect(kb(brotliCompressSync(inline).length), `${page}: inlined CSS`).toBeLessThanOrEqual(BUDGET.inlineCssKb)
    }
  })

  it('lets files without a hash in their name be cached for an hour only', async () => {
    for (const file of ['/favicon.svg', '/favicon.png']) {
      const favicon = await rawGet(server.url, file)
      expect(favicon.status, file).toBe(200)
      expect(favicon.headers['cache-control'], file).toBe('public, max-age=3600')
    }
  })

  // The browser builds an SVG icon as a document of its own on the page's main thread: a 40-110 ms
  // task at 4x CPU after the first paint of every page (issue 27). A PNG decodes in a moment.
  it('gives every public page a PNG icon, not an SVG one', async () => {
    for (const page of [...STATIC_PAGES, '/coming-soon']) {
      const html = (await rawGet(server.url, page)).body.toString()
      const icons = [...html.matchAll(/<link rel="icon"[^>]*>/g)].map(([link]) => link)
      expect(icons, page).toEqual(['<link rel="icon" href="/favicon.png" type="image/png" sizes="48x48"/>'])
    }
    const png = await rawGet(server.url, '/favicon.png')
    expect(png.headers['content-type']).toBe('image/png')
    expect(png.body.subarray(1, 4).toString()).toBe('PNG')
  })
})

/**
 * Set from the build of 2026-11-24, third session (docs/performance.md, Lighthouse) with a little
 * room: script home 103.9 KB, a project 107.8, contact 104.5, the other public pages 101.4-103.9
 * (before the slug maker left the shared chunk: 5.3 KB more each; before Swiper and zod loaded on
 * demand: home 131, a project 159, contact 132); the stylesheets 8.7 KB (every public page's
 * rules; since the thirteenth session a page gets only its own: 3.5-6.7 KB); the CSS a page inlines
 * 2.4-3.9 KB with the demo content. The entry of the pages that do not hydrate: 0.5 KB (2026-11-27,
 * fourteenth session); 1.1 KB with the home page's header and the behaviours' loader (fifteenth,
 * decision 122). Since the sixteenth (decision 123) no public page hydrates, and the budgets of the
 * framework's script per page (108 KB, a project's 112) went with it; a project's page, which links
 * no stylesheet now, inlines 4.6 KB (the inline budget was 4.5 KB). Raise a budget knowingly,
 * with the Lighthouse figures of the change, not to make this test pass.
 */
const BUDGET = {
  stylesheetsKb: 9,
  staticEntryKb: 1.5,
  inlineCssKb: 5,
}

/** The CSS inlined in a page's head. */
async function inlinedCss(page: string) {
  const html = (await rawGet(server.url, page)).body.toString()
  return [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]).join('')
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

/** A built asset's size as sent: its brotli copy, or itself when too small to have one. */
function sentSize(href: string) {
  const file = path.join(SITE_BUILD_DIR, 'client', href)
  try {
    return statSync(`${file}.br`).size
  } catch {
    return statSync(file).size
  }
}

/** The pages whose routes say they do not hydrate (decisions 121-123): a project's is added. */
const STATIC_PAGES = new Set(['/', '/about', '/all-projects', '/contact', '/privacy-policy', '/404'])

const PUBLIC_ROUTES = [
  'home',
  'all-projects',
  'routes/project',
  'about',
  'contact',
  'privacy-policy',
  'coming-soon',
  'routes/not-found',
]

/** The entry of the public pages and each public route's stylesheets (its inlined CSS's source), in KB as sent. */
async function publicPageBudgets() {
  const build = (await import(pathToFileURL(path.join(SITE_BUILD_DIR, 'server', 'index.js')).href)) as ServerBuild
  const { routes } = build.assets
  const sentKb = (files: Iterable<string>) => kb([...files].reduce((sum, file) => sum + sentSize(file), 0))
  const stylesheets: Record<string, number> = {}
  for (const id of PUBLIC_ROUTES) {
    stylesheets[id] = sentKb(['root', 'routes/site-layout', id].flatMap((route) => routes[route]!.css ?? []))
  }
  // Found as the server finds it.
  const entryFile = findStaticEntry(path.join(SITE_BUILD_DIR, 'client'))
  expect(entryFile, 'the static entry is built').not.toBeNull()
  const staticEntry = sentKb([entryFile!])
  return { stylesheets, staticEntry }
}
