import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import { E2E_ADMIN, E2E_MAIL_DIR } from './e2e-env.js'

export { E2E_ADMIN }

/** axe's WCAG 2.0, 2.1 and 2.2 A/AA rules and its best-practice rules. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice']

/** axe's violations on the page as it is now, one line each: rule and the elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Parts of a page below the first screen are rendered only as they near the viewport
  // (`content-visibility: auto`). axe cannot hit-test a part not rendered: it left such text's
  // contrast unchecked ("incomplete") and measured a wrong target size for the enquiry's privacy
  // link. So the check sees every part rendered, as a visitor who scrolls there does.
  const renderAll = await page.addStyleTag({ content: '* { content-visibility: visible !important }' })
  try {
    const results = await new AxeBuilder({ page })
      .withTags(AXE_TAGS)
      // Experimental in axe, so off by default: a link's name must contain its visible text (WCAG 2.5.3).
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze()
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  } finally {
    await renderAll.evaluate((style) => style.parentNode?.removeChild(style))
  }
}

/** No axe violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page), 'axe violations').toEqual([])
}

/** One test per address: no axe violations with reduced motion, once hydrated (both projects: @phone). */
export function axeTestsOf(name: string, paths: readonly string[]) {
  for (const path of paths) {
    test(`${name} ${path} has no axe violations @phone`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.goto(path)
      await hydrated(page)
      await expectNoAxeViolations(page)
    })
  }
}

/** Every script of the page (modules, preloads). */
export const SCRIPTS = /\.js(\?|$)/

/** Holds the page's scripts back, as a slow network does, until the returned function is called. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(SCRIPTS, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** Waits until React has hydrated the page (root.tsx marks it). */
export async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

/** A part of a page that does not hydrate has its behaviour once near the screen (decision 122). */
export async function behaviourReady(part: Locator) {
  await part.scrollIntoViewIfNeeded()
  await expect(part).toHaveAttribute('data-behaviour-ready', 'true')
}

/** Brings a carousel on screen and waits for its Swiper, which starts only near the viewport. */

export async function carouselStarted(carousel: Locator) {
  await carousel.scrollIntoViewIfNeeded()
  await expect(carousel.locator('.swiper-initialized').first()).toBeAttached()
}

/** Every mail the SMTP peer has received so far, parsed. */
export async function receivedMail(): Promise<ParsedMail[]> {
  const files = (await readdir(E2E_MAIL_DIR)).sort()
  return Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(E2E_MAIL_DIR, f)))))
}

/** Console errors and warnings (hydration mismatches among them) while the page runs, as a growing list. */
export function watchConsole(page: Page) {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return problems
}

/** Signs in through the login screen. */
export async function signIn(page: Page) {
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill(E2E_ADMIN.username)
  await page.getByLabel('Password').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
}

/**
 * Opens a public page until `check` passes, reloading like a person would. Right after a save the
 * page cache may answer the previous version of a page once while it renders the new one
 * (stale-while-revalidate, decision 012).
 */
export async function openUntil(page: Page, path: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(path)
    await check()
  }).toPass({ timeout: 15_000 })
}

/** openUntil for a page that must show `expected`. */
export const openUntilShown = (page: Page, path: string, expected: Locator) =>
  openUntil(page, path, () => expect(expected).toBeVisible({ timeout: 1000 }))
