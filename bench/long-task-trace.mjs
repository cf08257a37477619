// What each long task of a page is, at 4x CPU on a phone viewport (issue 27): records a Chromium
// trace from navigation until the page is idle and prints every main-thread task over 50 ms
// after the first contentful paint with the events that filled it.
//   node bench/long-task-trace.mjs http://127.0.0.1:3000/es [more URLs]
//   LONG_MS=30 node bench/long-task-trace.mjs …   (tasks over 30 ms instead)
//   MORE=blink node bench/long-task-trace.mjs …    (more trace categories: Blink's own steps, such
//                                                  as Document::FinishedParsing, and each event's
//                                                  self time, what it did outside its children)
//   FROM='<(/?)form\b' TO='<$1noscript' node …    (what if: the page's HTML edited on the way in)
//   BLOCK='\.woff2$' node …                        (what if: requests matching it fail)
// Each page prints a summary line first: its longest task after the first paint and the sum of
// the parts over 50 ms (the total blocking time of this one load). One load says little: the same
// page measures 0-270 ms here from one load to the next; compare medians of several.
// Run it with nothing else busy on the machine; say the Chromium version and the load average.
// The trace itself adds work: with its `v8` categories on, V8 parses scripts again for source
// positions (`V8.CollectSourcePositions`), so module evaluation looks longer here than untraced.
import { chromium } from '@playwright/test'

const LONG_MS = Number(process.env.LONG_MS ?? 50)
/** Long enough, at 4x, for the page to load, hydrate and go idle. */
const SETTLE_MS = 8000
const urls = process.argv.slice(2)
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})

for (const url of urls) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  })
  const page = await context.newPage()
  if (process.env.BLOCK) await page.route(new RegExp(process.env.BLOCK), (route) => route.abort())
  if (process.env.FROM) {
    await page.route(url, async (route) => {
      const response = await route.fetch()
      const body = (await response.text()).replace(new RegExp(process.env.FROM, 'g'), process.env.TO ?? '')
      await route.fulfill({ response, body })
    })
  }
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'blink.user_timing',
      'loading',
      'toplevel',
      'v8',
      ...(process.env.MORE ? process.env.MORE.split(',') : []),
    ],
  })
  // Nothing of Playwright's runs in the page while it loads: its injected scripts are tasks of
  // the page's main thread (150 ms at 4x) and would be counted as the page's own.
  await page.goto(url, { waitUntil: 'commit' })
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  const trace = JSON.parse((await browser.stopTracing()).toString())
  await context.close()
  report(url, trace.traceEvents)
}
await browser.close()

function report(url, events) {
  const names = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]))
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame)
  const main = fcp ? `${fcp.pid}:${fcp.tid}` : null
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur)
  const origin = navigation?.ts ?? onMain[0]?.ts ?? 0
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask')
  const outer = outermost(tasks)
  const long = outer.filter((t) => t.dur > LONG_MS * 1000 && t.ts + t.dur > (fcp?.ts ?? 0))
  console.log(
    `\n${url}: FCP ${ms(fcp ? fcp.ts - origin : NaN)} ms, ${long.length} tasks over ${LONG_MS} ms (thread ${names.get(main)})`,
  )
  const afterPaint = outer
    .map((t) => ({ start: Math.max(t.ts, fcp?.ts ?? 0), end: t.ts + t.dur }))
    .filter((t) => t.end - t.start > 50_000)
  const longest = Math.max(0, ...afterPaint.map((t) => t.end - t.start))
  const blocking = afterPaint.reduce((sum, t) => sum + t.end - t.start - 50_000, 0)
  console.log(`  after the first paint: longest task ${ms(longest)} ms, blocking ${ms(blocking)} ms`)
  for (const task of long) {
    const inside = onMain.filter((e) => e !== task && within(task, e))
    const total = new Map()
    for (const e of inside) {
      const label = describe(e)
      total.set(label, (total.get(label) ?? 0) + e.dur)
    }
    const top = [...total]
      .filter(([, dur]) => dur > 4000)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([label, dur]) => `${label} ${ms(dur)}`)
    console.log(`  at ${ms(task.ts - origin)} ms: ${ms(task.dur)} ms — ${top.join(' | ')}`)
    const self = selfTimes(inside)
    console.log(`    self: ${self.map(([label, dur]) => `${label} ${ms(dur)}`).join(' | ')}`)
  }
}

/** Each event name's time outside its children: where a task's time went, not what it called. */
function selfTimes(events) {
  const self = new Map()
  for (const e of events) {
    const direct = outermost(events.filter((k) => k !== e && within(e, k) && k.dur < e.dur))
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur - direct.reduce((sum, k) => sum + k.dur, 0))
  }
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 10)
}

/** Whether `event` lies inside `span` in time. */
function within(span, event) {
  return event.ts >= span.ts && event.ts + event.dur <= span.ts + span.dur
}

/** The events not inside a longer one of them (a task runs nested ones inside it). */
function outermost(events) {
  return events.filter((e) => !events.some((o) => o !== e && o.dur > e.dur && within(o, e)))
}

function describe(e) {
  const data = e.args?.data ?? {}
  if (e.name === 'EvaluateScript' && !data.url) return `EvaluateScript line ${data.lineNumber ?? '?'}`
  const where = data.url ? ` ${data.url.replace(/^https?:\/\/[^/]+/, '')}` : ''
  const fn = data.functionName ? ` ${data.functionName}` : ''
  return `${e.name}${fn}${where}`.slice(0, 90)
}

function ms(us) {
  return Math.round(us / 1000)
}
