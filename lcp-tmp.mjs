import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
for (const path of process.argv.slice(2)) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 })
  await page.addInitScript(() => {
    window.__lcp = []
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp.push({ t: Math.round(e.startTime), size: e.size, el: e.element ? e.element.tagName + '.' + e.element.className : e.url }) }).observe({ type: 'largest-contentful-paint', buffered: true })
  })
  await page.goto('http://localhost:3411' + path, { waitUntil: 'networkidle' })
  await page.waitForTimeout(2500)
  const fcp = await page.evaluate(() => Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime))
  console.log(path, 'FCP', fcp, JSON.stringify(await page.evaluate(() => window.__lcp)))
  await page.close()
}
await browser.close()
