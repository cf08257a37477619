// What counting a view (issue 25, decision 095) adds to serving a cached page: the counter's
// `count` timed alone over a realistic mix of requests, to set beside a cached page's time per
// request (bench/page-cache.sh). A micro-benchmark, so it holds on a busy machine where two wrk
// runs of the whole server differ by more than the 5% the issue allows.
// Usage: node --import tsx bench/visit-count.bench.ts
import { createVisitCounter } from '../src/server/stats/visit-counter.js'

const counter = createVisitCounter({ publicUrl: 'https://villas.example' })
const agents = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
]
const paths = ['/', '/es', '/about', '/es/about', '/all-projects', '/contact', '/sv/contact']
for (let i = 0; i < 40; i++) paths.push(`/project/villa-${i}`)
const requests = Array.from({ length: 1000 }, (_, i) => {
  const query = i % 10 === 0 ? '?utm_source=instagram&utm_medium=social&utm_campaign=spring' : ''
  return {
    method: 'GET',
    url: `${paths[i % paths.length]}${query}`,
    headers: {
      host: 'villas.example',
      'user-agent': agents[i % agents.length],
      ...(i % 3 === 0 ? { referer: 'https://www.google.com/' } : {}),
    },
  }
})

function run(n: number) {
  for (let i = 0; i < n; i++) counter.count(requests[i % requests.length]!, 200, 'text/html; charset=utf-8')
}
run(200_000) // warm up (JIT, the user-agent memo)
counter.drain()
const rounds: number[] = []
for (let r = 0; r < 5; r++) {
  const start = process.cpuUsage()
  run(1_000_000)
  const { user, system } = process.cpuUsage(start)
  rounds.push((user + system) / 1_000_000) // µs of CPU per 1,000,000 calls → ns per call / 1000
  counter.drain()
}
rounds.sort((a, b) => a - b)
console.log(
  `count(): ${(rounds[2]! * 1000).toFixed(0)} ns of CPU per view (median of 5 × 1,000,000; ${rounds.map((r) => (r * 1000).toFixed(0)).join(', ')})`,
)
