import { expect, test } from './support/admin-api.js'

// Issue 25: the dashboard says how the site is doing (a chart of views and enquiries against the
// period before, top tables, a figures table) and what needs attention, on a phone and a desktop.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`the dashboard at ${viewport.width} px: a chart, the figures, top tables and what needs attention`, async ({
    page,
    admin,
  }) => {
    await page.setViewportSize(viewport)
    // An enquiry nobody has handled yet: on the attention list, and in the range's figures.
    await admin.sendEnquiry()
    await admin.signedIn(page)
    await page.goto('/admin/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

    const attention = page.getByRole('region', { name: 'Needs attention' })
    const unhandled = attention.getByRole('link', { name: /^\d+ enquir(y is|ies are) not handled yet$/ })
    await expect(unhandled).toHaveAttribute('href', '/admin/enquiries')

    // The chart is drawn (uPlot, loaded on this screen only), with the period before in its legend.
    const chart = page.getByTestId('visits-chart')
    await expect(chart.locator('canvas')).toBeVisible()
    await expect(chart).toContainText('Views, period before')
    expect((await chart.boundingBox())!.width).toBeLessThanOrEqual(viewport.width)

    // The same figures as a table for screen readers: 30 days by default, today's enquiry in it.
    const figures = page.getByRole('table', { name: /^Views and enquiries, / })
    await expect(figures.locator('tbody tr')).toHaveCount(30)
    const today = new Date().toISOString().slice(0, 10)
    const todayEnquiries = Number(
      await figures
        .getByRole('row', { name: new RegExp(today) })
        .locator('td')
        .nth(1)
        .textContent(),
    )
    expect(todayEnquiries).toBeGreaterThanOrEqual(1)

    for (const heading of ['Top projects', 'Top pages', 'Languages', 'Sources'])
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    // SPEC 2's card stays: the project count and the titles.
    await expect(page.getByRole('heading', { level: 2, name: /^Projects \d+$/ })).toBeVisible()
    await page.screenshot({ path: `test-results/dashboard-${viewport.width}.png`, fullPage: true })
    // Nothing wider than the screen (the message names what is; hidden boxes' insides do not count).
    const { scrollWidth, clientWidth, wider } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      wider: [...document.querySelectorAll('main *')]
        .filter((e) => !e.closest('.visually-hidden'))
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((e) => `${e.tagName.toLowerCase()}.${e.className}`)
        .slice(0, 5),
    }))
    expect(scrollWidth, wider.join(', ')).toBeLessThanOrEqual(clientWidth)
    // No cell's text runs into the next cell (a fixed layout split four columns' width evenly, and
    // 'Enquiries', 'Answered' and '€2,500,000' overlapped); a table wider than its card scrolls in it.
    const overlapping = await page.evaluate(() =>
      [...document.querySelectorAll('.stats-table tr')].flatMap((row) => {
        const cells = [...row.children]
        return cells.slice(1).flatMap((cell, index) => {
          const text = document.createRange()
          text.selectNodeContents(cells[index]!)
          return text.getBoundingClientRect().right > cell.getBoundingClientRect().left + 1 ? [cell.textContent] : []
        })
      }),
    )
    expect(overlapping).toEqual([])

    // Another range: 7 days, and 12 months summed by month.
    await page.getByRole('link', { name: '7 days' }).click()
    await expect(page).toHaveURL(/range=7d/)
    await expect(figures.locator('tbody tr')).toHaveCount(7)
    await page.getByRole('link', { name: '12 months' }).click()
    await expect(figures.locator('thead')).toContainText('Month')

    await unhandled.click()
    await expect(page).toHaveURL(/\/admin\/enquiries$/)
  })
}
