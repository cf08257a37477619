import { expect, test } from '@playwright/test'

// A phone's first paint waits for the HTML alone (decision 060): the page's scripts and whole
// stylesheets are asked for only once the first contentful paint has been shown, and the page
// then hydrates.

for (const path of ['/', '/es/contact', '/all-projects']) {
  test(`${path}: scripts and stylesheets are fetched after the first contentful paint, then it hydrates`, async ({
    page,
  }) => {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    const { paint, fetched } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      fetched: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[\w.-]+\.(js|css)$/.test(entry.name))
        .map((entry) => ({ name: entry.name, start: entry.startTime })),
    }))
    expect(paint).toBeGreaterThan(0)
    expect(fetched.length).toBeGreaterThan(2)
    for (const { name, start } of fetched) expect(start, name).toBeGreaterThanOrEqual(paint)
    // Hydrated: the menu opens.
    await page.getByRole('button', { name: /Menu|Menú/ }).click()
    await expect(page.locator('#site-menu-list')).toBeVisible()
  })
}
