import { expect, test } from '@playwright/test'
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
// as the page's. So the test waits a fixed time, then reads what the page recorded.

const LONG_TASK_MS = 50
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

// Not yet met (issue 27 stays open: docs/performance.md lists what is left), so it runs only when
// asked for, on an idle machine: LONG_TASK_BUDGET=1 npx playwright test long-tasks --project phone.
test.skip(!process.env.LONG_TASK_BUDGET, 'the long-task budget is measured on request (issue 27 is open)')

// Playwright's trace would snapshot the page's DOM with a script of its own in the page, at the
// navigation's commit: a task in the middle of what is measured.
test.use({ trace: 'off' })

// Measured only with the machine idle: the test server's demo seed encodes AVIF images in the
// background for a minute or two after it starts, and any other process stretches every task.
test.beforeAll(async () => {
  test.setTimeout(360_000)
  await waitForIdleMachine()
})

for (const path of PAGES) {
  test(`${path}: no task longer than ${LONG_TASK_MS} ms after the first paint at 4x CPU @phone`, async ({ page }) => {
    test.skip(test.info().project.name !== 'phone', 'measured on a phone')
    test.setTimeout(60_000)
    await page.addInitScript(() => {
      window.longTasks = []
      window.hydratedAt = null
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          window.longTasks.push({ start: entry.startTime, duration: entry.duration })
      }).observe({ type: 'longtask', buffered: true })
      // root.tsx marks the page hydrated on <html>. The document is observed, not <html>: an init
      // script can run before the document has its root element.
      new MutationObserver((_, observer) => {
        if (document.documentElement?.dataset.hydrated !== 'true') return
        window.hydratedAt = performance.now()
        observer.disconnect()
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] })
    })
    const cdp = await page.context().newCDPSession(page)
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
    expect(paint).toBeGreaterThan(0)
    expect(hydratedAt, 'the page hydrated').not.toBeNull()
    expect(now - lastActivity, 'the page was idle when read').toBeGreaterThan(IDLE_MS)
    const long = tasks.filter((task) => task.start + task.duration > paint && task.duration > LONG_TASK_MS)
    // What each was: bench/long-task-trace.mjs records the same page in a trace.
    const described = long.map((task) => `${Math.round(task.start)} ms: ${Math.round(task.duration)} ms`)
    expect(described, `tasks over ${LONG_TASK_MS} ms after the first paint (${Math.round(paint)} ms)`).toEqual([])
  })
}
