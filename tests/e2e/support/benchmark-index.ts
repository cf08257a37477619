import type { Browser } from '@playwright/test'

/**
 * How fast this machine's CPU is right now, as Lighthouse measures it (its `benchmarkIndex`, the
 * "CPU/Memory Power" of a report; the same two half-second loops as Lighthouse 12's
 * page-functions.js, run in a blank page at full speed). Lighthouse's 4x CPU slowdown is meant for
 * an index of 1500-2000, a high-end desktop (its docs/throttling.md); this VM measured 1146 and
 * 1924 in two runs a minute apart (docs/performance.md), so a figure taken at 4x says little
 * without it.
 */
export async function benchmarkIndex(browser: Browser): Promise<number> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    return Math.round(await page.evaluate(computeBenchmarkIndex))
  } finally {
    await context.close()
  }
}

// Runs in the page; kept as Lighthouse writes it so the figures compare with its reports.
function computeBenchmarkIndex(): number {
  // Garbage-collector heavy: a 10,000-character string built again and again.
  function withGarbage() {
    const start = Date.now()
    let iterations = 0
    while (Date.now() - start < 500) {
      let text = ''
      for (let j = 0; j < 10000; j++) text += 'a'
      if (text.length === 1) throw new Error('never: keeps the loop from being optimised away')
      iterations++
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000))
  }
  // No garbage: 100,000 integers copied back and forth between two arrays.
  function withoutGarbage() {
    const a: number[] = []
    const b: number[] = []
    for (let i = 0; i < 100000; i++) a[i] = b[i] = i
    const start = Date.now()
    let iterations = 0
    while (iterations % 10 !== 0 || Date.now() - start < 500) {
      const source = iterations % 2 === 0 ? a : b
      const target = iterations % 2 === 0 ? b : a
      for (let j = 0; j < source.length; j++) target[j] = source[j]!
      iterations++
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000))
  }
  return (withGarbage() + withoutGarbage()) / 2
}
