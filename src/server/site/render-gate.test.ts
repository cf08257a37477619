import { describe, expect, it } from 'vitest'
import { createRenderGate, SITE_BUSY_MESSAGE } from './render-gate.js'

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('createRenderGate', () => {
  it('runs at most `concurrent` at once and the rest in order', async () => {
    const pass = createRenderGate(2, 10)
    let running = 0
    let most = 0
    const order: number[] = []
    const job = (n: number) =>
      pass(async () => {
        running++
        most = Math.max(most, running)
        await tick()
        order.push(n)
        running--
      })
    await Promise.all([1, 2, 3, 4, 5].map(job))
    expect(most).toBe(2)
    expect(order).toEqual([1, 2, 3, 4, 5])
  })

  it('refuses with a 503 past the queue', async () => {
    const pass = createRenderGate(1, 1)
    const slow = () => pass(() => tick())
    const results = await Promise.allSettled([slow(), slow(), slow()])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected'])
    const refused = results[2] as PromiseRejectedResult
    expect(refused.reason).toMatchObject({ statusCode: 503, message: SITE_BUSY_MESSAGE })
  })
})
