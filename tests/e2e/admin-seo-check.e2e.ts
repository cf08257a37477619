import { expect, test } from './support/admin-api.js'
import { expectNoAxeViolations } from './support/fixtures.js'
import { adminNav } from './support/admin-menu.js'

// Issue 24, item 8 in the browser (decision 113): the SEO check lists each language's problems,
// each with a link to where it is fixed, at 1440 px and on a 390 px phone (the @phone tag).

test.beforeEach(async ({ page, admin }) => {
  await admin.signedIn(page)
})

test('the SEO check shows a table per language, each problem linked to its fix @phone', async ({ page }) => {
  await page.goto('/admin/seo-check')
  await expect(page.getByRole('heading', { level: 1, name: 'SEO check' })).toBeVisible()
  const english = page.getByRole('region', { name: 'English (en)' })
  await expect(english.getByRole('heading', { level: 2, name: 'English (en)' })).toBeVisible()
  await expect(english.getByText(/\d+ pages checked/)).toBeVisible()
  // Coming soon is never indexed: always listed, with the page text where it is edited.
  const comingSoon = english.getByRole('row').filter({ hasText: '/coming-soon' }).filter({ hasText: 'Not indexed' })
  await expect(comingSoon).toHaveCount(1)
  await expect((await adminNav(page)).getByRole('link', { name: 'SEO check' })).toBeVisible()
  // On a phone the menu was opened to see the link: Escape closes it again over the table.
  await page.keyboard.press('Escape')
  await expectNoAxeViolations(page)
  // Nothing wider than the screen: on a phone each row is a card.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)

  await comingSoon.getByRole('link', { name: 'Fix' }).click()
  await expect(page).toHaveURL(/\/admin\/update-translation\/[0-9a-f-]{36}$/)
})
