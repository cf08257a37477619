import { expect, test } from './support/admin-api.js'
import { expectNoAxeViolations } from './support/fixtures.js'

// Issue 42, lean: an enquiry is moved across the board by keyboard and by drag, the board is
// axe clean, and the screens are photographed at three widths (the whole flow with mail: enquiry-flow.e2e.ts).
test('an enquiry moves across the board to won, by keyboard and by drag', async ({ page, admin }) => {
  const { _id: id } = await admin.sendEnquiry()
  await admin.signedIn(page)
  await page.goto('/admin/enquiries?view=board')
  const board = page.getByRole('region', { name: 'Enquiries by stage' })
  await expect(board).toBeVisible()
  await expectNoAxeViolations(page)

  const card = board.locator(`.enquiry-card[data-enquiry="${id}"]`)
  await card.getByRole('button', { name: /^Move / }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(board.locator(`[data-stage="contacted"] .enquiry-card[data-enquiry="${id}"]`)).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'moved to Contacted' })).toBeAttached()

  // By drag: onto the next column (HTML drag and drop, as a mouse does it in Chromium).
  const meeting = board.locator('[data-stage="meeting"]')
  await meeting.scrollIntoViewIfNeeded()
  await card.dragTo(meeting)
  await expect(board.locator(`[data-stage="meeting"] .enquiry-card[data-enquiry="${id}"]`)).toBeVisible()
  // The won column may be scrolled off in the board's region: the card's Move-to menu takes it there.
  await card.getByRole('combobox').selectOption('won')
  await expect(board.locator(`[data-stage="won"] .enquiry-card[data-enquiry="${id}"]`)).toBeVisible()

  for (const width of [390, 820, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    // The board scrolls in its region; the page itself never sideways (hidden labels included).
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `test-results/enquiry-board-${width}.png`, fullPage: true })
  }
  await page.goto(`/admin/enquiry/${id}`)
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible()
  await expectNoAxeViolations(page)
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `test-results/enquiry-page-${width}.png`, fullPage: true })
  }
})
