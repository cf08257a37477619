import { expect, type Locator, test } from '@playwright/test'
import { holdScripts, hydrated, SCRIPTS } from './support/fixtures.js'

// Issue 27: a slow phone is never dead to a tap. The header's menu and language list are
// popovers the browser opens and closes itself, so they work before the page's scripts arrive
// (decision 075). The scripts are held back here (every *.js request), as on a slow network.

test('the menu and the language list work without the page’s scripts @phone', async ({ page }) => {
  await page.route(SCRIPTS, (route) => route.abort())
  await page.goto('/es/about')

  const toggle = page.getByRole('button', { name: 'Menú' })
  const menu = page.getByRole('navigation', { name: 'Menú' })
  await toggle.click()
  await expect(menu).toBeVisible()
  // A press outside closes it, as after hydration.
  await page.getByRole('heading', { level: 1 }).click()
  await expect(menu).toBeHidden()
  await toggle.click()
  await expect(menu).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()

  await page.getByRole('button', { name: 'Language: ES' }).click()
  const languages = page.locator('#language-menu-list')
  await expect(languages).toBeVisible()
  await languages.getByRole('link', { name: 'EN' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')

  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Contact' }).click()
  await expect(page).toHaveURL(/\/contact$/)
  // No script ran on any of the three pages.
  expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull()
})

// The home page starts the static entry (decision 122), a project's page hydrates: both take the
// menu over.
for (const path of ['/', '/project/villa-mirador-mijas']) {
  test(`a menu opened before the scripts start stays open, and they take it over on ${path} @phone`, async ({
    page,
  }) => {
    const release = await holdScripts(page)
    // Not until "load": the held scripts' preloads would hold it back too.
    await page.goto(path, { waitUntil: 'domcontentloaded' })
    const toggle = page.getByRole('button', { name: 'Menu' })
    const menu = page.getByRole('navigation', { name: 'Menu' })
    await toggle.click()
    await expect(menu).toBeVisible()
    release()
    await hydrated(page)
    await expect(menu).toBeVisible()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await toggle.click()
    await expect(menu).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })
}

// The carousels' controls scroll their carousel before the scripts arrive (carousel-steps.tsx).
test('the carousels’ arrows and thumbnails work without the page’s scripts @phone', async ({ page }) => {
  test.skip(test.info().project.name !== 'phone', 'the thumbnails are the phone’s')
  await page.route(SCRIPTS, (route) => route.abort())
  await page.goto('/about', { waitUntil: 'domcontentloaded' })
  const social = page.locator('.social-carousel__swiper')
  await social.scrollIntoViewIfNeeded()
  const scrolled = (carousel: Locator) => carousel.evaluate((element) => element.scrollLeft)
  expect(await scrolled(social)).toBe(0)
  await page.getByRole('button', { name: 'Next', exact: true }).click()
  await expect.poll(() => scrolled(social)).toBeGreaterThan(100)
  await page.getByRole('button', { name: 'Previous', exact: true }).click()
  await expect.poll(() => scrolled(social)).toBe(0)

  await page.goto('/project/villa-mirador-mijas', { waitUntil: 'domcontentloaded' })
  const slider = page.locator('.amenities-slider')
  await slider.scrollIntoViewIfNeeded()
  await page.locator('.amenities-thumb').nth(2).click()
  const third = await slider.evaluate((element) => {
    const slides = element.querySelectorAll<HTMLElement>('.swiper-slide')
    return slides[2]!.offsetLeft - slides[0]!.offsetLeft
  })
  await expect.poll(() => scrolled(slider)).toBe(third)
  expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull()
})

test('Swiper starts at the slide a visitor scrolled to before the scripts arrived @phone', async ({ page }) => {
  test.skip(test.info().project.name !== 'phone', '1.15 slides a view: room to scroll two')
  const release = await holdScripts(page)
  await page.goto('/about', { waitUntil: 'domcontentloaded' })
  const social = page.locator('.social-carousel__swiper')
  await social.scrollIntoViewIfNeeded()
  const next = page.getByRole('button', { name: 'Next', exact: true })
  await next.click()
  await expect.poll(() => social.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100)
  await next.click()
  await expect.poll(() => social.evaluate((element) => element.scrollLeft)).toBeGreaterThan(400)
  release()
  await hydrated(page)
  await expect(social).toHaveClass(/swiper-initialized/)
  await expect(social.locator('.swiper-slide-active')).toHaveAttribute('data-swiper-slide-index', '2')
  // From then on the arrows are Swiper's.
  await next.click()
  await expect(social.locator('.swiper-slide-active')).toHaveAttribute('data-swiper-slide-index', '3')
})

// The gallery's arrows show from 641 px up: phones swipe. A tablet's 3.2 images a view leave the
// demo's four room to scroll.
test('the gallery’s arrows work without the page’s scripts', async ({ page }) => {
  test.skip(test.info().project.name === 'phone', 'from 641 px up')
  await page.setViewportSize({ width: 800, height: 1000 })
  await page.route(SCRIPTS, (route) => route.abort())
  const scrolled = (carousel: Locator) => carousel.evaluate((element) => element.scrollLeft)
  await page.goto('/project/villa-mirador-mijas', { waitUntil: 'domcontentloaded' })
  const track = page.locator('.gallery-carousel__track')
  await track.scrollIntoViewIfNeeded()
  const start = await scrolled(track)
  await page.getByRole('button', { name: 'Next images' }).click()
  await expect.poll(() => scrolled(track)).toBeGreaterThan(start + 100)
  await page.getByRole('button', { name: 'Previous images' }).click()
  await expect.poll(() => scrolled(track)).toBe(start)
  expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull()
})
