import { expect, test } from '@playwright/test'
import { holdScripts, hydrated } from './support/fixtures.js'

// Where a page is put back when it is reloaded or revisited. No public page hydrates now
// (decision 123): the browser puts each back itself, and React Router's restoration
// (components/scroll-restoration.tsx, decision 120), which read sessionStorage while the page was
// parsed (issue 27), runs on none of them. These hold it on a project's page.

const PROJECT = '/project/villa-mirador-mijas'

declare global {
  interface Window {
    storageReadsWhileParsing: number
  }
}

test('a first visit reads no stored scroll position while the page is parsed @phone', async ({ page }) => {
  await page.addInitScript(() => {
    window.storageReadsWhileParsing = 0
    const getItem = Storage.prototype.getItem
    Storage.prototype.getItem = function (key: string) {
      if (document.readyState === 'loading') window.storageReadsWhileParsing++
      return getItem.call(this, key)
    }
  })
  await page.goto('/project/villa-brisa-en-estepona')
  await hydrated(page)
  expect(await page.evaluate(() => window.storageReadsWhileParsing)).toBe(0)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

test('a reloaded page is put back where it was, before its scripts run @phone', async ({ page }) => {
  await page.goto(PROJECT)
  await hydrated(page)
  await page.evaluate(() => window.scrollTo(0, 1200))
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200)
  // The scripts are held back: the inline script alone puts the page back.
  await holdScripts(page)
  await page.reload({ waitUntil: 'domcontentloaded' })
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200)
})

test('Back after a client-side navigation returns to where the visitor was @phone', async ({ page }) => {
  await page.goto(PROJECT)
  await hydrated(page)
  await page.evaluate(() => window.scrollTo(0, 900))
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900)
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('.site-footer a[href="/contact"]')!.click())
  await expect(page).toHaveURL(/\/contact$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`${PROJECT}$`))
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900)
})
