// Over 300 lines: the home page has eleven sections, each with its SPEC rules; one file keeps
// them in page order.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { behaviourReady, carouselStarted, axeTestsOf, hydrated, watchConsole } from './support/fixtures.js'

// The home page (SPEC 2 Home, 4 isShow, 9 layout and delays) on the demo content.

const TAGLINE_EN = 'Luxury villas on the Costa del Sol, designed and built as one'
const TAGLINE_ES = 'Villas de lujo en la Costa del Sol, diseñadas y construidas como un todo'
const SERVICES_EN = 'Services seamlessly integrated under one roof to manage every detail'
const COMING_SOON = 'Villa Aurora, Málaga'

/** Swiper ignores a press while a looped slide is still moving: wait until it has settled. */
async function carouselSettled(page: Page) {
  await page.waitForFunction(() => {
    const el = document.querySelector('.social-carousel__swiper') as
      (Element & { swiper?: { animating: boolean } }) | null
    return el?.swiper?.animating === false
  })
}

const recentItems = (page: Page) =>
  page.getByRole('region', { name: /^Recent projects$|^Proyectos recientes$/ }).getByRole('listitem')

test('home in English: language, one h1 and every section @phone', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TAGLINE_EN)
  await expect(page).toHaveTitle(new RegExp(`^${TAGLINE_EN}`))
  await expect(page.locator('#hero-logo')).toBeVisible()
  for (const name of [
    'A boutique design-and-build studio on the Costa del Sol',
    'Recent projects',
    'Why choose us',
    SERVICES_EN,
    'What our clients say',
    'Follow Us On Instagram',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeAttached()
  }
  await expect(page.getByRole('link', { name: 'About us' }).first()).toHaveAttribute('href', '/about')
  await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/all-projects')
  await hydrated(page)
  expect(problems).toEqual([])
})

test('home in Spanish: translated text, html lang and links @phone', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/es')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TAGLINE_ES)
  await expect(page.getByRole('heading', { level: 2, name: 'Proyectos recientes' })).toBeAttached()
  await expect(page.getByRole('heading', { level: 2, name: 'Por qué elegirnos' })).toBeAttached()
  await expect(page.getByRole('heading', { level: 2, name: 'Lo que dicen nuestros clientes' })).toBeAttached()
  await expect(page.getByRole('heading', { level: 2, name: 'Síganos en Instagram' })).toBeAttached()
  await expect(page.getByRole('heading', { level: 3, name: 'PROMOCIÓN' })).toBeAttached()
  await expect(page.getByText(TAGLINE_EN)).toHaveCount(0)
  // SPEC 2: View All goes to /all-projects without a language prefix; About keeps the language.
  await expect(page.getByRole('link', { name: 'Ver todos' })).toHaveAttribute('href', '/all-projects')
  await expect(page.getByRole('link', { name: 'Sobre nosotros' })).toHaveAttribute('href', '/es/about')
  // A project translated into Spanish shows its Spanish title and links to its Spanish page.
  await expect(page.getByRole('heading', { level: 3, name: 'Villa Brisa en Estepona' })).toBeAttached()
  await expect(page.getByRole('link', { name: 'Ver más Villa Brisa en Estepona' })).toHaveAttribute(
    'href',
    '/project/villa-brisa-en-estepona',
  )
  await expect(page.getByRole('heading', { level: 3, name: `Próximamente: ${COMING_SOON}` })).toBeAttached()
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/es$/)
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/$/)
  await hydrated(page)
  expect(problems).toEqual([])
})

test('recent projects: two, one full width, two', async ({ page }) => {
  await page.goto('/')
  const items = recentItems(page)
  await expect(items).toHaveCount(5)
  const boxes = await Promise.all([0, 1, 2, 3, 4].map(async (i) => (await items.nth(i).boundingBox())!))
  const [a, b, wide, c, d] = boxes as [Box, Box, Box, Box, Box]
  // 0 and 1 side by side, equal halves.
  expect(Math.abs(a.y - b.y)).toBeLessThan(2)
  expect(b.x).toBeGreaterThan(a.x + a.width - 1)
  expect(Math.abs(a.width - b.width)).toBeLessThan(2)
  // 2 spans both columns, below them.
  expect(wide.y).toBeGreaterThan(Math.max(a.y + a.height, b.y + b.height) - 1)
  expect(Math.abs(wide.x - a.x)).toBeLessThan(2)
  expect(Math.abs(wide.x + wide.width - (b.x + b.width))).toBeLessThan(2)
  // 3 and 4 side by side again, below the wide one.
  expect(c.y).toBeGreaterThan(wide.y + wide.height - 1)
  expect(Math.abs(c.y - d.y)).toBeLessThan(2)
  expect(Math.abs(c.width - a.width)).toBeLessThan(2)
  expect(Math.abs(d.x - b.x)).toBeLessThan(2)
})

type Box = { x: number; y: number; width: number; height: number }

test('recent projects: coming soon has the prefix and no link, the others link to their page @phone', async ({
  page,
}) => {
  await page.goto('/')
  const items = recentItems(page)
  await expect(items).toHaveCount(5)
  const soon = items.filter({ hasText: COMING_SOON })
  await expect(soon.getByRole('heading', { level: 3 })).toHaveText(`Coming soon: ${COMING_SOON}`)
  await expect(soon.getByRole('link')).toHaveCount(0)
  const others = items.filter({ hasNotText: COMING_SOON })
  await expect(others).toHaveCount(4)
  for (let i = 0; i < 4; i++) {
    const item = others.nth(i)
    const title = (await item.getByRole('heading', { level: 3 }).textContent())!
    expect(title).not.toMatch(/^Coming soon/)
    const link = item.getByRole('link', { name: `View More ${title}`, exact: true })
    await expect(link).toHaveAttribute('href', /^\/project\/[a-z0-9-]+$/)
  }
  await others
    .first()
    .getByRole('link', { name: /^View More/ })
    .click()
  await expect(page).toHaveURL(/\/project\/[a-z0-9-]+$/)
})

async function activeWhyImage(section: Locator) {
  return section.locator('.why-tabs__media').getAttribute('data-active-image')
}

/** The home page's "Why choose us" tabs, once their behaviour has started. */
async function openWhyTabs(page: Page) {
  await page.goto('/')
  await hydrated(page)
  const section = page.getByRole('region', { name: 'Why choose us' })
  await behaviourReady(section)
  return section
}

test('why tabs: a click swaps the banner image @phone', async ({ page }) => {
  const section = await openWhyTabs(page)
  const tabs = section.getByRole('tab')
  await expect(tabs).toHaveCount(4)
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true')
  await expect(section.getByRole('tabpanel')).toHaveText(
    'Clean Scandinavian lines meet the light, materials and outdoor living of southern Spain.',
  )
  const first = await activeWhyImage(section)
  expect(first).toMatch(/^\/uploads\//)

  await tabs.nth(2).click()
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true')
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'false')
  await expect(section.getByRole('tabpanel')).toHaveText(
    'One team takes your villa from the first sketch to the handover of the keys.',
  )
  const third = await activeWhyImage(section)
  expect(third).toMatch(/^\/uploads\//)
  expect(third).not.toBe(first)
  // The new image fades in; the old one fades out and is hidden from assistive technology.
  const shown = section.locator('.why-tabs__image.is-active')
  await expect(shown.locator('img')).toHaveAttribute('src', third!)
  await expect(shown).toHaveCSS('opacity', '1')
  await expect(section.locator('.why-tabs__image[aria-hidden="true"]')).toHaveCount(3)
})

test('why tabs: arrow keys, Home and End move the selection and focus', async ({ page }) => {
  const section = await openWhyTabs(page)
  const tabs = section.getByRole('tab')
  const images = new Set<string | null>([await activeWhyImage(section)])
  await tabs.nth(0).focus()
  await page.keyboard.press('ArrowDown')
  await expect(tabs.nth(1)).toBeFocused()
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true')
  images.add(await activeWhyImage(section))
  await page.keyboard.press('ArrowRight')
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true')
  images.add(await activeWhyImage(section))
  await page.keyboard.press('End')
  await expect(tabs.nth(3)).toBeFocused()
  await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true')
  images.add(await activeWhyImage(section))
  expect(images.size).toBe(4)
  await page.keyboard.press('ArrowDown')
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowUp')
  await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Home')
  await expect(tabs.nth(0)).toBeFocused()
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true')
  // Only the selected tab is in the tab order; Tab moves on to its panel.
  await expect(tabs.nth(1)).toHaveAttribute('tabindex', '-1')
  await page.keyboard.press('Tab')
  await expect(section.getByRole('tabpanel')).toBeFocused()
})

test('the menu opens, closes on a click outside, and Services scrolls to the services @phone', async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  const toggle = page.getByRole('button', { name: 'Menu' })
  const menu = page.getByRole('navigation', { name: 'Menu' })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(menu).toBeVisible()
  // A click outside the menu closes it.
  await page.getByRole('heading', { level: 1 }).click()
  await expect(menu).toBeHidden()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')

  await toggle.click()
  await menu.getByRole('link', { name: 'Services' }).click()
  await expect(menu).toBeHidden()
  const heading = page.getByRole('heading', { level: 2, name: SERVICES_EN })
  await expect(heading).toBeInViewport()
  // Not hidden under the fixed header.
  await expect.poll(async () => (await page.locator('#services').boundingBox())!.y).toBeGreaterThanOrEqual(0)
  const headerBottom = (await page.locator('.site-header').boundingBox())!.height
  await expect
    .poll(async () => Math.round((await page.locator('#services').boundingBox())!.y))
    .toBeGreaterThanOrEqual(Math.floor(headerBottom) - 1)
  expect(new URL(page.url()).pathname).toBe('/')
})

test('arriving with #services scrolls to the services, from another page too @phone', async ({ page }) => {
  await page.goto('/#services')
  await expect(page.getByRole('heading', { level: 2, name: SERVICES_EN })).toBeInViewport()

  await page.goto('/about')
  await hydrated(page)
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Services' }).click()
  await expect(page).toHaveURL(/\/#services$/)
  await expect(page.getByRole('heading', { level: 2, name: SERVICES_EN })).toBeInViewport()
})

test('services: the seven services, each with image, title and description @phone', async ({ page }) => {
  await page.goto('/')
  const services = page.locator('#services')
  await expect(services.getByRole('heading', { level: 3 })).toHaveText([
    'DEVELOPMENT',
    'INTERIOR DESIGN',
    'ARCHITECTURE',
    'PROJECT MANAGEMENT',
    'PROPERTY SEARCH',
    'SALES',
    'INVESTMENT MANAGEMENT',
  ])
  await expect(services.getByRole('listitem')).toHaveCount(7)
  await expect(services.locator('img')).toHaveCount(7)
  await expect(
    services.getByText('Expert advice to maximize returns and support smart real estate decisions.'),
  ).toBeAttached()
})

test('testimonials: the reviews as quotes in English @phone', async ({ page }) => {
  await page.goto('/')
  const section = page.getByRole('region', { name: 'What our clients say' })
  // The three demo reviews (tests elsewhere may add their own for a while).
  await expect.poll(() => section.locator('blockquote').count()).toBeGreaterThanOrEqual(3)
  const anna = section.getByRole('listitem').filter({ hasText: 'Anna & Erik Lindqvist, Estepona' })
  await expect(anna.locator('blockquote')).toHaveText(/weekly updates meant we never had to worry/)
  await expect(anna.locator('img')).toHaveCount(1)
  await expect(section.getByText('Carlos Ortega, Benahavís')).toBeVisible()
})

test('social carousel: Swiper loads only when the carousel nears the screen, and nothing moves @phone', async ({
  page,
}) => {
  const swiperScripts: string[] = []
  page.on('request', (request) => request.url().includes('swiper') && swiperScripts.push(request.url()))
  await page.goto('/')
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  const section = page.getByRole('region', { name: 'Follow Us On Instagram' })
  expect(swiperScripts).toEqual([])
  await expect(section.locator('.swiper-initialized')).toHaveCount(0)
  const slide = section.locator('.swiper-slide').first()
  const before = await slide.boundingBox()
  await carouselStarted(section)
  expect(swiperScripts).toHaveLength(1)
  // The slides had the size Swiper gives them (within a pixel it rounds).
  const after = await slide.boundingBox()
  expect(Math.abs(after!.width - before!.width)).toBeLessThan(1)
  expect(Math.abs(after!.height - before!.height)).toBeLessThan(1)
})

test('social carousel: five images that loop both ways @phone', async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  const section = page.getByRole('region', { name: 'Follow Us On Instagram' })
  const slides = section.locator('.swiper-slide')
  await expect(slides).toHaveCount(5)
  await carouselStarted(section)
  const active = section.locator('.swiper-slide-active')
  await expect(active).toHaveAttribute('data-swiper-slide-index', '0')
  const press = async (name: 'Previous' | 'Next', index: string) => {
    await section.getByRole('button', { name }).click()
    await expect(active).toHaveAttribute('data-swiper-slide-index', index)
    await carouselSettled(page)
  }
  // Back from the first slide is the last: it loops.
  await press('Previous', '4')
  await press('Next', '0')
  for (const index of ['1', '2', '3', '4', '0']) await press('Next', index)
})

test('social carousel: arrow keys move it when it is on screen', async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  const section = page.getByRole('region', { name: 'Follow Us On Instagram' })
  await carouselStarted(section)
  const active = section.locator('.swiper-slide-active')
  await expect(active).toHaveAttribute('data-swiper-slide-index', '0')
  await section.getByRole('button', { name: 'Next' }).focus()
  await page.keyboard.press('ArrowLeft')
  await expect(active).toHaveAttribute('data-swiper-slide-index', '4')
  await carouselSettled(page)
  await page.keyboard.press('ArrowRight')
  await expect(active).toHaveAttribute('data-swiper-slide-index', '0')
})

axeTestsOf('home', ['/', '/es'])
