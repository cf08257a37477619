import { expect, test, type Browser, type BrowserContextOptions } from '@playwright/test'
import { benchmarkIndex } from './support/benchmark-index.js'
import { E2E_PORT } from './support/e2e-env.js'
import { waitForIdleMachine } from './support/idle-machine.js'

// What the init script below records in the page.
declare global {
  interface Window {
    longTasks: { start: number; duration: number }[]
    hydratedAt: number | null
  }
}

// Issue 27: a page never blocks a phone. With Chromium's CPU slowed 4x (as Lighthouse's mobile
// preset assumes), no task after the first contentful paint runs longer than 50 ms, from the
// navigation until the page is idle, hydration included. The page's own long-task entries are
// read, not a simulation of them. Run it with nothing else busy on the machine: other processes
// on the same cores stretch every task (docs/performance.md, decision 075).
//
// Playwright keeps its hands off the page while it is measured: its locators, waits and
// evaluations run scripts of their own in the page's main thread (the first one costs 100-170 ms
// at 4x, traced with bench/long-task-trace.mjs), which the page's long-task entries would count
// as the page's. So each load waits a fixed time, then reads what the page recorded.
//
// How a load is counted (decision 075):
// - A task that runs across the first paint counts from the paint on, as Lighthouse's total
//   blocking time counts it: before the paint there is nothing on the screen to tap, and the task
//   that paints it ends after the paint's timestamp.
// - Each page is loaded three times and its median load is held to the budget. Chromium's CPU
//   throttle stops the page's thread in slices, so the same work measures differently from one
//   load to the next (React DOM's start, timed in the page: 16-38 ms over eight loads; the task
//   around it now and then 54 ms; docs/performance.md). A page whose work blocks does so in every
//   load; one slow load in three is the throttle.

const LONG_TASK_MS = 50
const LOADS = 3
/** Time enough, at 4x, to load, hydrate and go quiet (a page hydrates in 2-4 s at 4x). */
const SETTLE_MS = 9000
/** Quiet this long before the reading (no long task, no network) and the page counts as idle. */
const IDLE_MS = 2000

const PAGES = [
  '/',
  '/es',
  '/about',
  '/es/about',
  '/all-projects',
  '/es/all-projects',
  '/project/villa-mirador-mijas',
  '/project/villa-brisa-en-estepona',
  '/contact',
  '/es/contact',
]

// Run on request, on an idle machine: LONG_TASK_BUDGET=1 npx playwright test long-tasks --project
// phone (6.5 minutes, which CI's 45-minute budget does not have; and CI's machine runs other work
// beside it). No public page hydrates (decision 123) and none has a form at DOMContentLoaded
// (decision 124): in the eighteenth session every page passed, 29 of 30 loads with no task over
// 50 ms at all and one of 54 ms (docs/performance.md).
test.skip(!process.env.LONG_TASK_BUDGET, 'the long-task budget is measured on request, on an idle machine')

// Playwright's trace would snapshot the page's DOM with a script of its own in the page, at the
// navigation's commit: a task in the middle of what is measured.
test.use({ trace: 'off' })

// Measured only with the machine idle: the test server's demo seed encodes AVIF images in the
// background for a minute or two after it starts, and any other process stretches every task.
// Then one page is loaded and thrown away: what the browser does the first time it loads a page
// would otherwise land in the first page measured (a 59 ms task that four later loads of that
// page did not have).
test.beforeAll(async ({ browser }) => {
  if (test.info().project.name !== 'phone') return
  test.setTimeout(360_000)
  await waitForIdleMachine()
  const context = await browser.newContext()
  await (await context.newPage()).goto(`http://127.0.0.1:${E2E_PORT}/about`, { waitUntil: 'load' })
  await context.close()
})

for (const path of PAGES) {
  test(`${path}: no task longer than ${LONG_TASK_MS} ms after the first paint at 4x CPU @phone`, async ({
    browser,
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    deviceScaleFactor,
  }) => {
    test.skip(test.info().project.name !== 'phone', 'measured on a phone')
    test.setTimeout(LOADS * (SETTLE_MS + 15_000) + 10_000)
    const loads: Load[] = []
    const phone = { baseURL, viewport, isMobile, hasTouch, deviceScaleFactor }
    // The machine's speed beside the figures: the same page at 4x differs from one hour to the next.
    const speed = await benchmarkIndex(browser)
    for (let load = 0; load < LOADS; load++) loads.push(await measure(browser, phone, path))
    loads.sort((a, b) => a.longest - b.longest)
    const median = loads[Math.floor(LOADS / 2)]!
    const described = `${loads.map((load) => load.described).join('; ')}; benchmark index ${speed}`
    test.info().annotations.push({ type: 'loads', description: described })
    expect(
      median.longest,
      `the median load's longest task after the first paint (loads: ${described})`,
    ).toBeLessThanOrEqual(LONG_TASK_MS)
  })
}

interface Load {
  /** The longest task after the first paint, ms (0 when none was over 50 ms). */
  longest: number
  described: string
}

async function measure(browser: Browser, phone: BrowserContextOptions, path: string): Promise<Load> {
  const context = await browser.newContext(phone)
  const page = await context.newPage()
  await page.addInitScript(() => {
    window.longTasks = []
    window.hydratedAt = null
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push({ start: entry.startTime, duration: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
    // root.tsx marks the page hydrated on <html>. The document is observed, not <html>: an init
    // script can run before the document has its root element.
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.hydrated !== 'true') return
      window.hydratedAt = performance.now()
      observer.disconnect()
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] })
  })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto(path, { waitUntil: 'commit' })
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  const { paint, hydratedAt, lastActivity, now, tasks } = await page.evaluate(() => {
    const ends = performance.getEntriesByType('resource').map((entry) => entry.startTime + entry.duration)
    return {
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      hydratedAt: window.hydratedAt,
      lastActivity: Math.max(0, ...ends, ...window.longTasks.map((task) => task.start + task.duration)),
      now: performance.now(),
      tasks: window.longTasks,
    }
  })
  await context.close()
  expect(paint).toBeGreaterThan(0)
  expect(hydratedAt, 'the page hydrated').not.toBeNull()
  expect(now - lastActivity, 'the page was idle when read').toBeGreaterThan(IDLE_MS)
  // The part of each task from the first paint on. What each was: bench/long-task-trace.mjs.
  const afterPaint = tasks
    .map((task) => ({ start: Math.max(task.start, paint), end: task.start + task.duration }))
    .filter((task) => task.end - task.start > LONG_TASK_MS)
  const longest = Math.max(0, ...afterPaint.map((task) => task.end - task.start))
  const described = afterPaint.length
    ? afterPaint.map((task) => `${Math.round(task.end - task.start)} ms at ${Math.round(task.start)} ms`).join(', ')
    : 'none'
  return { longest, described: `${described} (first paint ${Math.round(paint)} ms)` }
}
