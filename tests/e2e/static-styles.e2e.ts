import { expect, test, type Locator, type Page } from '@playwright/test'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { behaviourReady, hydrated } from './support/fixtures.js'

// Decision 122: a page that starts no framework gets only the CSS inlined in its head (the rules
// its elements use and those of the states its scripts set, first-paint.ts), never the site's
// whole stylesheets. Here each such page is brought into the states its scripts reach (scrolled,
// the header solid, the menu open, a tab chosen, the carousels started and moved, the enquiry
// form's messages shown, a project's bar pinned), and every
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
  'flex-direction',
] as const
// Not resolved values that need a layout box (grid-template-columns): a part skipped by
// content-visibility reports `none` for them until laid out, whichever stylesheets apply.

const PAGES = [
  ['/', 'home'],
  ['/es/about', 'about'],
  ['/all-projects', 'all-projects'],
  ['/privacy-policy', 'privacy-policy'],
  ['/es/contact', 'contact'],
  ['/project/villa-olivo-sotogrande', 'routes/project'],
] as const

/** The stylesheets a page of this route links when it hydrates: root's, the layout's, its own. */
async function wholeStylesheets(route: string): Promise<string[]> {
  const file = pathToFileURL(path.resolve('build/server/index.js')).href
  const { assets } = (await import(file)) as ServerBuild
  return ['root', 'routes/site-layout', route].flatMap((id) => assets.routes[id]?.css ?? [])
}

/** Every element's styles that matter to the look, in document order, once transitions have ended. */
async function computedStyles(page: Page) {
  // A transition a change starts shows in the next frame: wait for it, then for it to end.
  await page.evaluate(async () => {
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    await frames()
    const finite = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
    await Promise.all(finite.map((animation) => animation.finished))
    await frames()
  })
  return page.evaluate((names) => {
    return [...document.body.querySelectorAll('*')].map((element) => {
      const style = getComputedStyle(element)
      const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`
      return { name, values: names.map((n) => `${n}: ${style.getPropertyValue(n)}`) }
    })
  }, STYLES)
}

type Styles = Awaited<ReturnType<typeof computedStyles>>

/** Each style of an element that differs: its name, the value inlined, the value with the whole sheets. */
const differencesOf = (inlined: Styles, whole: Styles) =>
  inlined.flatMap(({ name, values }, i) =>
    values.flatMap((value, j) => (value === whole[i]?.values[j] ? [] : [`${name} ${value} ≠ ${whole[i]?.values[j]}`])),
  )

/** What the page's scripts do, done: each part scrolled into view, the tabs and carousels used. */
async function reachScriptedStates(page: Page) {
  for (const section of await page.locator('main section, main > div > *').all()) {
    await section.scrollIntoViewIfNeeded()
  }
  const tabs = page.getByRole('tab')
  if (await tabs.count()) {
    await behaviourReady(page.locator('.why-tabs'))
    await tabs.nth(2).click()
  }
  const carousel = page.locator('.swiper').first()
  if (await carousel.count()) {
    await carousel.scrollIntoViewIfNeeded()
    await expect(carousel).toHaveClass(/swiper-initialized/)
    // The first arrow shown (a project's gallery hides its arrows on phones).
    const next = page.locator('[data-carousel-step="1"]:visible').first()
    if (await next.count()) await next.click()
    await page.mouse.move(0, 0) // no hover left on the arrow
  }
  const form = page.locator('form.contact-form')
  if (await form.count()) await showFormMessages(page, form)
  await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400)
  await expect(page.locator('.site-header')).toHaveClass(/is-sticky/)
  // A project's section bar, pinned under the header by a tab's scroll (an amenity shown first).
  const sectionBar = page.locator('.project-tabs-slot')
  if (await sectionBar.count()) {
    await behaviourReady(page.locator('#amenities'))
    // Another amenity shown: by its title on a desktop, by its thumbnail on a phone.
    const title = page.locator('.amenities-list__item:visible')
    if (await title.count()) await title.nth(1).hover()
    else await page.locator('.amenities-thumb').nth(1).click()
    await behaviourReady(sectionBar)
    await sectionBar.getByRole('link').last().click()
    await expect(sectionBar.locator('.project-tabs')).toHaveClass(/is-sticky/)
    await page.mouse.move(0, 0)
  }
}

/** The enquiry form with its fields' messages and a failed send's (the API answers a refusal). */
async function showFormMessages(page: Page, form: Locator) {
  await behaviourReady(form)
  await page.route('**/api/admin/send-email', (route) =>
    route.fulfill({ status: 400, json: { message: 'E-mail must be a valid e-mail address', field: 'email' } }),
  )
  await form.locator('button[type="submit"]').click()
  await expect(form.locator('.contact-field__error').first()).toBeVisible()
  for (const [name, value] of [
    ['fname', 'Ana'],
    ['lname', 'Test'],
    ['email', 'ana@example.com'],
    ['phone', '+34 600 000 000'],
    ['message', 'Hola'],
  ])
    await form.locator(`[name="${name}"]`).fill(value!)
  await form.locator('input[name="consent"]').check()
  await form.locator('button[type="submit"]').click()
  await expect(form.locator('.form-message--error')).toHaveClass(/is-visible/)
  await expect(form.locator('.contact-field--email')).toHaveClass(/has-error/)
}

async function openMenu(page: Page) {
  await page.locator('.site-menu__toggle').click()
  await expect(page.locator('.site-menu__panel')).toBeVisible()
}

/** Adds the site's whole stylesheets to the page, once they have loaded. */
async function addStylesheets(page: Page, hrefs: string[]) {
  await page.evaluate(async (list) => {
    await Promise.all(
      list.map((href) => {
        const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href })
        document.head.append(link)
        return new Promise((resolve) => link.addEventListener('load', resolve))
      }),
    )
  }, hrefs)
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
    const hrefs = await wholeStylesheets(route)
    expect(hrefs.length).toBeGreaterThanOrEqual(3)
    // Scrolled with the header solid, then with the menu open (which makes it solid too).
    const scrolled = await computedStyles(page)
    await openMenu(page)
    const menuOpen = await computedStyles(page)

    await addStylesheets(page, hrefs)
    expect(differencesOf(menuOpen, await computedStyles(page))).toEqual([])
    await page.keyboard.press('Escape')
    await expect(page.locator('.site-menu__panel')).toBeHidden()
    // Read until the closed menu's page has settled: under load its header's colours were once
    // read a frame before they returned to the scrolled state's (CI, 2026-11-29).
    await expect.poll(async () => differencesOf(scrolled, await computedStyles(page))).toEqual([])
  })
}
