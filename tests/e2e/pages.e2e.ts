import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/fixtures.js'
import { E2E_PORT } from './support/e2e-env.js'

// Coming soon, 404, the language guard and unknown paths (SPEC 2), and what search engines read.

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`

/** Console errors and warnings (hydration mismatches among them); a 404 document logs one of its own. */
function watchConsole(page: Page) {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return
    if (/status of 404/.test(message.text())) return
    problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return problems
}

const robots = (page: Page) => page.locator('head meta[name="robots"]')
const canonical = (page: Page) => page.locator('head link[rel="canonical"]')

/** hreflang -> href of the page's alternates. */
async function alternates(page: Page): Promise<Record<string, string>> {
  const links = await page
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((els) => els.map((el) => [el.getAttribute('hreflang') ?? '', el.getAttribute('href') ?? ''] as const))
  return Object.fromEntries(links)
}

test.describe('coming soon', () => {
  test('English: the banner, a line of text, a way home; not indexed @phone', async ({ page }) => {
    const problems = watchConsole(page)
    const res = await page.goto('/coming-soon')
    expect(res?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coming Soon!')
    await expect(page.getByText('This page is being prepared. Please come back soon.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
    await expect(robots(page)).toHaveAttribute('content', /noindex/)
    await expect(page.locator('head link[rel="alternate"]')).toHaveCount(0)
    await page.getByRole('link', { name: 'Back to home' }).click()
    await expect(page).toHaveURL(`${ORIGIN}/`)
    expect(problems).toEqual([])
  })

  test('Spanish: translated, and home is the Spanish home', async ({ page }) => {
    await page.goto('/es/coming-soon')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Próximamente!')
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/es')
    await expect(robots(page)).toHaveAttribute('content', /noindex/)
  })
})

test.describe('not found', () => {
  test('/404 answers 404 with its banner and a way home; not indexed @phone', async ({ page }) => {
    const problems = watchConsole(page)
    const res = await page.goto('/404')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found !')
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
    await expect(robots(page)).toHaveAttribute('content', /noindex/)
    // Interactive after hydration: the menu opens.
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(page.locator('#site-menu-list')).toBeVisible()
    expect(problems).toEqual([])
  })

  test('an unknown path redirects to /404 (status 404)', async ({ page }) => {
    const res = await page.goto('/no/such/page')
    await expect(page).toHaveURL(`${ORIGIN}/404`)
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found !')
  })

  test('an unknown language redirects to /404 (status 404)', async ({ page }) => {
    for (const path of ['/xx/about', '/xx/contact', '/xx/all-projects', '/xx/coming-soon']) {
      const res = await page.goto(path)
      await expect(page).toHaveURL(`${ORIGIN}/404`)
      expect(res?.status(), path).toBe(404)
    }
  })
})

test.describe('search engines', () => {
  test('project page: canonical, hreflang alternates with x-default, Open Graph image, JSON-LD', async ({ page }) => {
    await page.goto('/project/villa-brisa-en-estepona')
    await expect(canonical(page)).toHaveAttribute('href', `${ORIGIN}/project/villa-brisa-en-estepona`)
    expect(await alternates(page)).toEqual({
      en: `${ORIGIN}/project/villa-brisa-estepona`,
      es: `${ORIGIN}/project/villa-brisa-en-estepona`,
      sv: `${ORIGIN}/project/villa-brisa-i-estepona`,
      'x-default': `${ORIGIN}/project/villa-brisa-estepona`,
    })
    await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute(
      'content',
      new RegExp(`^${ORIGIN}/uploads/`),
    )
    await expect(page.locator('head meta[property="og:locale"]')).toHaveAttribute('content', 'es_ES')
    await expect(page).toHaveTitle(/^Villa Brisa en Estepona \| Costa del Sol Villas$/)
    await expect(robots(page)).toHaveCount(0)

    // Text filters skip a script's content: read every JSON-LD block and take the residence.
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
    const ld = JSON.parse(blocks.find((text) => text.includes('SingleFamilyResidence')) ?? '{}')
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SingleFamilyResidence',
      name: 'Villa Brisa en Estepona',
      numberOfRooms: 5,
      url: `${ORIGIN}/project/villa-brisa-en-estepona`,
      address: { '@type': 'PostalAddress', addressLocality: 'Estepona' },
      floorSize: { value: 640, unitCode: 'MTK' },
    })
    expect(ld.description).toMatch(/^Una villa junto a la playa/)
    expect(ld.image.length).toBeGreaterThan(2)
    for (const url of ld.image) expect(url).toMatch(new RegExp(`^${ORIGIN}/uploads/`))
  })

  test('a project without translations is its own x-default', async ({ page }) => {
    await page.goto('/project/villa-olivo-sotogrande')
    expect(await alternates(page)).toEqual({
      en: `${ORIGIN}/project/villa-olivo-sotogrande`,
      'x-default': `${ORIGIN}/project/villa-olivo-sotogrande`,
    })
  })

  test('/es/about: canonical and every language version with x-default', async ({ page }) => {
    await page.goto('/es/about')
    await expect(canonical(page)).toHaveAttribute('href', `${ORIGIN}/es/about`)
    expect(await alternates(page)).toEqual({
      en: `${ORIGIN}/about`,
      es: `${ORIGIN}/es/about`,
      sv: `${ORIGIN}/sv/about`,
      'x-default': `${ORIGIN}/about`,
    })
  })

  test('all projects and contact carry their language versions', async ({ page }) => {
    await page.goto('/sv/all-projects')
    await expect(canonical(page)).toHaveAttribute('href', `${ORIGIN}/sv/all-projects`)
    expect((await alternates(page))['x-default']).toBe(`${ORIGIN}/all-projects`)
    await page.goto('/contact')
    await expect(canonical(page)).toHaveAttribute('href', `${ORIGIN}/contact`)
    expect((await alternates(page)).es).toBe(`${ORIGIN}/es/contact`)
  })

  test('sitemap.xml lists every page in every language and every project, with alternates', async ({ request }) => {
    const res = await request.get('/sitemap.xml')
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toMatch(/^application\/xml/)
    // An index of one sitemap per language (issue 24): read them all as one.
    const files = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
    expect(files).toEqual(['/sitemaps/en.xml', '/sitemaps/es.xml', '/sitemaps/sv.xml'])
    const xml = (await Promise.all(files.map(async (file) => (await request.get(file)).text()))).join('\n')
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!)
    const entry = (loc: string) => urls.find((u) => u.includes(`<loc>${ORIGIN}${loc}</loc>`))
    for (const loc of [
      '/',
      '/about',
      '/all-projects',
      '/contact',
      '/es',
      '/es/about',
      '/es/all-projects',
      '/es/contact',
      '/sv/contact',
      '/privacy-policy',
      '/es/privacy-policy',
    ]) {
      expect(entry(loc), loc).toBeTruthy()
    }
    expect(entry('/coming-soon')).toBeUndefined()
    expect(entry('/404')).toBeUndefined()

    const esContact = entry('/es/contact')!
    for (const [lang, path] of [
      ['en', '/contact'],
      ['es', '/es/contact'],
      ['sv', '/sv/contact'],
      ['x-default', '/contact'],
    ]) {
      expect(esContact).toContain(`<xhtml:link rel="alternate" hreflang="${lang}" href="${ORIGIN}${path}"/>`)
    }

    // Every project page, translations included, each with its translation group.
    const projects = (await (await request.get('/api/admin/get-projects')).json()) as { slug: string }[]
    for (const slug of [
      ...projects.map((p) => p.slug),
      'villa-brisa-en-estepona',
      'villa-brisa-i-estepona',
      'villa-azahar-en-benahavis',
    ]) {
      expect(entry(`/project/${slug}`), slug).toBeTruthy()
    }
    const brisaSv = entry('/project/villa-brisa-i-estepona')!
    for (const [lang, slug] of [
      ['en', 'villa-brisa-estepona'],
      ['es', 'villa-brisa-en-estepona'],
      ['sv', 'villa-brisa-i-estepona'],
      ['x-default', 'villa-brisa-estepona'],
    ]) {
      expect(brisaSv).toContain(`<xhtml:link rel="alternate" hreflang="${lang}" href="${ORIGIN}/project/${slug}"/>`)
    }
  })

  test('robots.txt allows the site, not the back office, and points to the sitemap', async ({ request }) => {
    const res = await request.get('/robots.txt')
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toMatch(/^text\/plain/)
    const text = await res.text()
    expect(text).toMatch(/^User-agent: \*$/m)
    expect(text).toMatch(/^Allow: \/$/m)
    expect(text).toMatch(/^Disallow: \/admin$/m)
    expect(text).toMatch(new RegExp(`^Sitemap: ${ORIGIN}/sitemap\\.xml$`, 'm'))
  })
})

test('no axe violations on coming soon and 404 @phone', async ({ page }) => {
  await page.goto('/coming-soon')
  await expectNoAxeViolations(page)
  await page.goto('/sv/coming-soon')
  await expectNoAxeViolations(page)
  await page.goto('/404')
  await expectNoAxeViolations(page)
})
