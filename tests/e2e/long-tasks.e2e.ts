import { expect, test } from '@playwright/test'

/** A long-animation-frame entry (not in TypeScript's DOM types yet). */
interface LongFrameEntry extends PerformanceEntry {
  scripts: { invoker: string; duration: number }[]
}

// What the init script below records in the page.
declare global {
  interface Window {
    longTasks: { start: number; duration: number }[]
    longFrames: { start: number; duration: number; scripts: string[] }[]
  }
}

// Issue 27: a page never blocks a phone. With Chromium's CPU slowed 4x (as Lighthouse's mobile
// preset assumes), no task after the first contentful paint runs longer than 50 ms, from the
// navigation until the page is idle, hydration included. The page's own long-task entries are
// read, not a simulation of them. Run it with nothing else busy on the machine: other processes
// on the same cores stretch every task (docs/performance.md, decision 075).

const LONG_TASK_MS = 50
/** Quiet this long (no long task, no network) and the page counts as idle. */
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

for (const path of PAGES) {
  test(`${path}: no task longer than ${LONG_TASK_MS} ms after the first paint at 4x CPU @phone`, async ({ page }) => {
    test.skip(test.info().project.name !== 'phone', 'measured on a phone')
    test.setTimeout(60_000)
    await page.addInitScript(() => {
      window.longTasks = []
      window.longFrames = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          window.longTasks.push({ start: entry.startTime, duration: entry.duration })
      }).observe({ type: 'longtask', buffered: true })
      // Long animation frames say which scripts ran, for the message when the test fails.
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as LongFrameEntry[]) {
          const scripts = entry.scripts.map((script) => `${script.invoker} ${Math.round(script.duration)} ms`)
          window.longFrames.push({ start: entry.startTime, duration: entry.duration, scripts })
        }
      }).observe({ type: 'long-animation-frame', buffered: true })
    })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    // Idle: no new long task for IDLE_MS.
    let seen = -1
    await expect
      .poll(
        async () => {
          const count = await page.evaluate(() => window.longTasks.length)
          const quiet = count === seen
          seen = count
          return quiet
        },
        { intervals: [IDLE_MS], timeout: 30_000 },
      )
      .toBe(true)
    const { paint, tasks, frames } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      tasks: window.longTasks,
      frames: window.longFrames,
    }))
    expect(paint).toBeGreaterThan(0)
    const long = tasks.filter((task) => task.start + task.duration > paint && task.duration > LONG_TASK_MS)
    const described = long.map((task) => {
      const frame = frames.find(
        (f) => f.start <= task.start + 1 && f.start + f.duration >= task.start + task.duration - 1,
      )
      return `${Math.round(task.start)} ms: ${Math.round(task.duration)} ms${frame ? ` (${frame.scripts.join(', ') || 'style, layout'})` : ''}`
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    expect(described, `tasks over ${LONG_TASK_MS} ms after the first paint (${Math.round(paint)} ms)`).toEqual([])
  })
}
