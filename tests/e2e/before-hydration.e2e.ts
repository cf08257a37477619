import { expect, test } from '@playwright/test'
import { hydrated } from './support/fixtures.js'

// Issue 27: a slow phone is never dead to a tap. The header's menu and language list are
// popovers the browser opens and closes itself, so they work before the page's scripts arrive
// (decision 075). The scripts are held back here (every *.js request), as on a slow network.

test('the menu and the language list work without the page’s scripts @phone', async ({ page }) => {
  await page.route(/\.js(\?|$)/, (route) => route.abort())
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

test('a menu opened before hydration stays open, and React takes it over @phone', async ({ page }) => {
  let release = () => {}
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\.js(\?|$)/, async (route) => {
    await scriptsHeld
    await route.continue()
  })
  // Not until "load": the held scripts' preloads would hold it back too.
  await page.goto('/', { waitUntil: 'domcontentloaded' })
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
