import { expect, test, type Page } from '@playwright/test'
import { hydrated, SCRIPTS } from './support/fixtures.js'

// Decision 121: a page with no behaviour of its own (all projects, the privacy policy, coming
// soon, 404) starts no framework in the browser. One small module runs the site's frame: the
// menu and language popovers' state, the header turning solid, the landing page's campaign.

const STATIC_ENTRY = /\/assets\/entry\.static-[\w-]+\.js$/
/**
 * What such a page loads by itself: the entry, then (loaded, not imported: nothing waits for them)
 * the landing campaign's module and, on the home page, the services' scroll, with what they share.
 */
const FRAME_SCRIPT = /\/assets\/(entry\.static|landing-campaign|constants|services-scroll|scroll)-[\w-]+\.js$/

function expectFrameScripts(scripts: string[]) {
  expect(scripts[0]).toMatch(STATIC_ENTRY)
  for (const script of scripts) expect(script).toMatch(FRAME_SCRIPT)
}

/** Loads a page until it is quiet; the scripts it asks for (as they come, later ones too) and its errors. */
async function loadWatchingScripts(page: Page, path: string) {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (SCRIPTS.test(request.url())) scripts.push(new URL(request.url()).pathname)
  })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(path)
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  return { scripts, errors }
}

for (const path of ['/all-projects', '/es/all-projects', '/privacy-policy', '/404']) {
  test(`${path} loads one small script and no framework`, async ({ page }) => {
    const { scripts, errors } = await loadWatchingScripts(page, path)
    expectFrameScripts(scripts)
    expect(errors).toEqual([])
  })
}

test('the menu and the language list keep their buttons true, and close when focus leaves them @phone', async ({
  page,
}) => {
  await page.goto('/all-projects')
  await hydrated(page)
  const menuButton = page.getByRole('button', { name: 'Menu' })
  const menu = page.getByRole('navigation', { name: 'Menu' })
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await menuButton.click()
  await expect(menu).toBeVisible()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')

  // Focus moving out of the menu closes it (the skip link is outside it).
  await menuButton.click()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
  await page.locator('.skip-link').focus()
  await expect(menu).toBeHidden()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')

  // The language list: its links are plain links to the same page in another language.
  const languageButton = page.getByRole('button', { name: 'Language: EN' })
  await languageButton.click()
  await expect(languageButton).toHaveAttribute('aria-expanded', 'true')
  await page.getByRole('link', { name: 'ES', exact: true }).click()
  await expect(page).toHaveURL(/\/es\/all-projects$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await hydrated(page)
  await expect(page.getByRole('button', { name: 'Language: ES' })).toHaveAttribute('aria-expanded', 'false')
})

test('the header turns solid past 78 px and clear again at the top @phone', async ({ page }) => {
  await page.goto('/all-projects')
  await hydrated(page)
  const header = page.locator('.site-header')
  await expect(header).not.toHaveClass(/is-sticky/)
  await page.evaluate(() => window.scrollTo(0, 400))
  await expect(header).toHaveClass(/is-sticky/)
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(header).not.toHaveClass(/is-sticky/)
})

test("a visit that lands on a page that does not hydrate keeps the landing page's campaign @phone", async ({
  page,
}) => {
  await page.goto('/all-projects?utm_source=newsletter&utm_campaign=autumn')
  await hydrated(page)
  // Kept in a task just after the entry's own.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('landing-campaign') ?? 'null')))
    .toEqual({ utm_source: 'newsletter', utm_campaign: 'autumn' })
})

// Decision 122: the home and about pages start no framework either; their tabs and carousel load
// their own code (behaviours/), and the frame does the home page's part of the header.

/** The parts' behaviours, with the DOM helpers they share (behaviours/dom.ts). */
const BEHAVIOUR = /^\/assets\/(why-tabs|social-carousel|carousel|dom)-[\w-]+\.js$/

for (const path of ['/', '/es', '/about', '/es/about']) {
  test(`${path} loads the static entry, and each part's behaviour as the part nears the screen, no framework @phone`, async ({
    page,
  }) => {
    const { scripts, errors } = await loadWatchingScripts(page, path)
    // The tabs and the carousel are further down than a screen ahead of the first one.
    expectFrameScripts(scripts)
    await page.getByRole('tab').first().scrollIntoViewIfNeeded()
    await expect.poll(() => scripts.filter((script) => /why-tabs/.test(script))).toHaveLength(1)
    await page.locator('.social-carousel').scrollIntoViewIfNeeded()
    await expect.poll(() => scripts.filter((script) => /social-carousel/.test(script))).toHaveLength(1)
    // Then Swiper, the one other script.
    await expect.poll(() => scripts.filter((script) => /\/swiper-/.test(script))).toHaveLength(1)
    expect(scripts.filter((script) => !FRAME_SCRIPT.test(script) && !BEHAVIOUR.test(script))).toEqual([
      expect.stringMatching(/^\/assets\/swiper-[\w-]+\.js$/),
    ])
    expect(errors).toEqual([])
  })
}

test("the header's logo shows once the home page's big logo has scrolled away @phone", async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  const logo = page.locator('.site-header__logo')
  await expect(logo).toHaveClass(/is-hidden/)
  await page.evaluate(() => window.scrollTo(0, window.innerHeight))
  await expect(logo).not.toHaveClass(/is-hidden/)
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(logo).toHaveClass(/is-hidden/)
})
