import { expect, test, type Page } from '@playwright/test'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { hydrated } from './support/fixtures.js'

// Decision 122: a page that starts no framework gets only the CSS inlined in its head (the rules
// its elements use and those of the states its scripts set, first-paint.ts), never the site's
// whole stylesheets. Here each such page is brought into the states its scripts reach (scrolled,
// the header solid, the menu open, a tab chosen, the carousels started and moved), and every
// element's computed style is compared with the same page once the whole stylesheets are added.

const STYLES = [
  'display',
  'position',
  'visibility',
  'opacity',
  'color',
  'background-color',
  'font-size',
  'font-weight',
  'width',
  'height',
  'margin-top',
  'padding-top',
  'transform',
  'z-index',
  'overflow-x',
  'border-top-width',
  'grid-template-columns',
  'flex-direction',
] as const

const PAGES = [
  ['/', 'home'],
  ['/es/about', 'about'],
  ['/all-projects', 'all-projects'],
  ['/privacy-policy', 'privacy-policy'],
] as const

/** The stylesheets a page of this route links when it hydrates: root's, the layout's, its own. */
async function wholeStylesheets(route: string): Promise<string[]> {
  const file = pathToFileURL(path.resolve('build/server/index.js')).href
  const { assets } = (await import(file)) as ServerBuild
  return ['root', 'routes/site-layout', route].flatMap((id) => assets.routes[id]?.css ?? [])
}

/** Every element's styles that matter to the look, in document order. */
function computedStyles(page: Page) {
  return page.evaluate((names) => {
    return [...document.body.querySelectorAll('*')].map((element) => {
      const style = getComputedStyle(element)
      const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`
      return `${name} ${names.map((n) => `${n}:${style.getPropertyValue(n)}`).join(';')}`
    })
  }, STYLES)
}

/** What the page's scripts do, done: each part scrolled into view, the tabs and carousels used. */
async function reachScriptedStates(page: Page) {
  for (const section of await page.locator('main section, main > div > *').all()) {
    await section.scrollIntoViewIfNeeded()
  }
  const tabs = page.getByRole('tab')
  if (await tabs.count()) await tabs.nth(2).click()
  const carousel = page.locator('.swiper').first()
  if (await carousel.count()) {
    await carousel.scrollIntoViewIfNeeded()
    await expect(carousel).toHaveClass(/swiper-initialized/)
    await page.locator('[data-carousel-step="1"]').first().click()
  }
  await page.evaluate(() => window.scrollTo(0, 400))
  await expect(page.locator('.site-header')).toHaveClass(/is-sticky/)
  await page.locator('.site-menu__toggle').click()
  await expect(page.locator('.site-menu__panel')).toBeVisible()
}

for (const [url, route] of PAGES) {
  test(`${url} looks the same with the site's whole stylesheets, in every state its scripts reach @phone`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto(url)
    await hydrated(page)
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0)
    await reachScriptedStates(page)
    await page.waitForLoadState('networkidle')
    const inlined = await computedStyles(page)

    const hrefs = await wholeStylesheets(route)
    expect(hrefs.length).toBeGreaterThanOrEqual(3)
    await page.evaluate(async (list) => {
      await Promise.all(
        list.map((href) => {
          const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href })
          document.head.append(link)
          return new Promise((resolve) => link.addEventListener('load', resolve))
        }),
      )
    }, hrefs)
    const whole = await computedStyles(page)
    const differences = inlined.flatMap((style, i) => (style === whole[i] ? [] : [`${style}\n   ≠ ${whole[i]}`]))
    expect(differences).toEqual([])
  })
}
