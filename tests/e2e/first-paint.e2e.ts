import { expect, test } from '@playwright/test'
import { hydrated } from './support/fixtures.js'

// What the init scripts below record in the page.
declare global {
  interface Window {
    preloadsPerTask: number[]
    stylesheetsApplied: { href: string; at: number }[]
    shifts: number[]
  }
}

// A phone's first paint waits for the HTML alone (decision 060): the page's scripts and whole
// stylesheets are asked for only once the first contentful paint has been shown, and the page
// then hydrates (or, on a page that does not hydrate, starts its one small module, decision 121,
// and needs no stylesheet: its inlined CSS is whole, decision 122).

for (const [path, hydrates] of [
  // No public page hydrates since decision 123; the hydrating path (a page whose route does not say
  // so, or a build without the static entry) is first-paint.test.ts's.
  ['/project/villa-brisa-en-estepona', false],
  ['/', false],
  ['/es/contact', false],
  ['/all-projects', false],
] as const) {
  test(`${path}: scripts and stylesheets are fetched after the first contentful paint, then it starts`, async ({
    page,
  }) => {
    // How many module preloads each task added to the page (a MutationObserver's callback runs
    // once at the end of each task that changed the DOM).
    await page.addInitScript(() => {
      const perTask: number[] = (window.preloadsPerTask = [])
      new MutationObserver((records) => {
        const added = records.flatMap((record) => [...record.addedNodes])
        const preloads = added.filter((node) => node instanceof HTMLLinkElement && node.rel === 'modulepreload')
        if (preloads.length > 0) perTask.push(preloads.length)
      }).observe(document, { childList: true, subtree: true })
      // When each stylesheet starts to apply: it is fetched matching no media, and applies when
      // its media attribute goes.
      window.stylesheetsApplied = []
      // The observer's callback runs once at the end of each task that changed an attribute.
      new MutationObserver((records) => {
        const at = performance.now()
        for (const { target, oldValue } of records)
          if (target instanceof HTMLLinkElement && oldValue !== null && !target.hasAttribute('media'))
            window.stylesheetsApplied.push({ href: target.href, at })
      }).observe(document, { subtree: true, attributeFilter: ['media'], attributeOldValue: true })
    })
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    // Each in a task of its own: starting the fetches in one task made a long task after the paint.
    // A page that does not hydrate has nothing to preload.
    const preloadsPerTask = await page.evaluate(() => window.preloadsPerTask)
    if (hydrates) expect(preloadsPerTask.length).toBeGreaterThan(2)
    else expect(preloadsPerTask).toEqual([])
    expect(
      preloadsPerTask.every((count) => count === 1),
      `preloads per task: ${preloadsPerTask}`,
    ).toBe(true)
    const { paint, fetched, applied } = await page.evaluate(() => ({
      applied: window.stylesheetsApplied,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      fetched: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[\w.-]+\.(js|css)$/.test(entry.name))
        .map((entry) => ({
          name: entry.name,
          start: entry.startTime,
          end: (entry as PerformanceResourceTiming).responseEnd,
        })),
    }))
    expect(paint).toBeGreaterThan(0)
    expect(fetched.length).toBeGreaterThan(hydrates ? 2 : 0)
    for (const { name, start } of fetched) expect(start, name).toBeGreaterThanOrEqual(paint)
    // A page that does not hydrate asks for none. On one that does, the stylesheets (root, the
    // site's frame, the page's own) apply together, once all have loaded: one style recalculation,
    // and never one on its own (the root one alone would win over the inlined rules from the
    // site's, and move things).
    const stylesheets = fetched.filter(({ name }) => name.endsWith('.css'))
    expect(stylesheets).toHaveLength(hydrates ? 3 : 0)
    if (!hydrates) await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0)
    expect(applied.map(({ href }) => href).sort()).toEqual(stylesheets.map(({ name }) => name).sort())
    expect(new Set(applied.map(({ at }) => at)).size, 'applied in one task').toBe(hydrates ? 1 : 0)
    for (const { name, end } of stylesheets) expect(applied[0]!.at, name).toBeGreaterThanOrEqual(end)
    await expect(page.locator('link[rel="stylesheet"][media], link[rel="stylesheet"][disabled]')).toHaveCount(0)
    await hydrated(page)
    // Started: the menu opens.
    await page.getByRole('button', { name: /Menu|Menú/ }).click()
    await expect(page.locator('#site-menu-list')).toBeVisible()
  })
}

// The parts of a long page below its first screen are styled and laid out only as they near the
// viewport (content-visibility, docs/performance.md): a visitor scrolling down sees nothing move,
// however different a part's real height is from the size that stood in for it.
for (const path of ['/', '/es/about', '/es/all-projects', '/project/villa-brisa-estepona']) {
  test(`${path}: the parts below the first screen wait until they near it, and scrolling down moves nothing @phone`, async ({
    page,
  }) => {
    await page.goto(path)
    await hydrated(page)
    // What such a part holds is skipped (a part itself is not) until the part nears the viewport.
    const skipped = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('body *')].filter(
            (part) =>
              getComputedStyle(part).contentVisibility === 'auto' &&
              part.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) === false,
          ).length,
      )
    expect(await skipped()).toBeGreaterThan(0)
    // Nor does the size standing in for a skipped part widen the page (a card's did, to 920 px).
    const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
    expect(width[0], 'the page is no wider than the screen').toBeLessThanOrEqual(width[1]!)
    const shifted = await page.evaluate(async () => {
      let shift = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shift += entry.value
      }).observe({ type: 'layout-shift' })
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)))
      while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 1) {
        window.scrollBy(0, window.innerHeight / 3)
        await frame()
      }
      await frame()
      return shift
    })
    expect(shifted).toBe(0)
    // At the bottom the footer's content is shown (and the parts above, now far, skipped again).
    const footerShown = await page.evaluate(() =>
      document.querySelector('.site-footer')!.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }),
    )
    expect(footerShown).toBe(true)
  })
}

// A slow connection: the display font arrives after the first paint. Headings then keep the
// stand-in font on that page (font-display: optional); a swap re-wrapped some of them (the
// Spanish contact page's title took a second line: CLS 0.096 in Lighthouse's measured mode).
for (const path of ['/es/contact', '/es/about', '/es']) {
  test(`${path}: a display font that arrives late moves nothing @phone`, async ({ page }) => {
    await page.route('**/*.woff2', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.addInitScript(() => {
      const shifts: number[] = (window.shifts = [])
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    const fontLoaded = page.waitForResponse(/\.woff2$/)
    await page.goto(path)
    await fontLoaded
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => window.shifts)).toEqual([])
  })
}
