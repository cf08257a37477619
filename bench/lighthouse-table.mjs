// The medians of bench/lighthouse.sh's reports (DIR/{page}.{lang}.{run}.json), one row per page
// and language, as a Markdown table; under it, every scored audit below 0.9 in any run.
// Usage: node bench/lighthouse-table.mjs DIR
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const dir = process.argv[2]
const groups = new Map()
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const [page, lang] = file.split('.')
  const key = `${page} ${lang}`
  groups.set(key, [...(groups.get(key) ?? []), JSON.parse(readFileSync(path.join(dir, file), 'utf8'))])
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const score = (report, category) => Math.round(report.categories[category].score * 100)
const ms = (report, audit) => report.audits[audit].numericValue

console.log('| page | runs | performance | FCP | LCP | TBT | CLS | a11y | best pr. | SEO | URL |')
console.log('|---|---|---|---|---|---|---|---|---|---|---|')
const weak = new Set()
for (const [key, reports] of groups) {
  const m = (f) => median(reports.map(f))
  const url = new URL(reports[0].finalDisplayedUrl ?? reports[0].finalUrl).pathname
  console.log(
    `| ${key} | ${reports.length} | ${m((r) => score(r, 'performance'))} (${reports.map((r) => score(r, 'performance')).join('/')}) ` +
      `| ${(m((r) => ms(r, 'first-contentful-paint')) / 1000).toFixed(2)} s ` +
      `| ${(m((r) => ms(r, 'largest-contentful-paint')) / 1000).toFixed(2)} s ` +
      `| ${Math.round(m((r) => ms(r, 'total-blocking-time')))} ms ` +
      `| ${m((r) => ms(r, 'cumulative-layout-shift')).toFixed(3)} ` +
      `| ${m((r) => score(r, 'accessibility'))} | ${m((r) => score(r, 'best-practices'))} | ${m((r) => score(r, 'seo'))} | ${url} |`,
  )
  for (const report of reports)
    for (const [category, { auditRefs }] of Object.entries(report.categories))
      for (const ref of auditRefs) {
        const audit = report.audits[ref.id]
        if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) weak.add(`${key} ${category}: ${audit.id}`)
      }
}
for (const line of weak) console.log(`  below 0.9 in a run: ${line}`)
