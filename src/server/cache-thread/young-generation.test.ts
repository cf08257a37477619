import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { withSmallYoungGeneration } from './young-generation.js'

// Allocates a few hundred MB of short-lived objects, then answers its young generation's size.
const ALLOCATING = `
const v8 = require('node:v8')
let kept = []
for (let i = 0; i < 3e6; i++) {
  kept.push({ text: 'x' + i })
  if (kept.length > 5000) kept = []
}
const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')
require('node:worker_threads').parentPort.postMessage(young.space_size)
`
const youngGeneration = async (worker: Worker) => {
  const bytes = await new Promise<number>((resolve, reject) => worker.once('message', resolve).once('error', reject))
  await worker.terminate()
  return bytes
}
const MB = 1024 * 1024

describe('withSmallYoungGeneration', () => {
  it('gives the worker a small young generation, and later workers the process’s own', async () => {
    const small = await youngGeneration(withSmallYoungGeneration(() => new Worker(ALLOCATING, { eval: true })))
    expect(small).toBeLessThanOrEqual(2 * MB)
    // The flag is back: a worker made afterwards grows its young generation as V8 sizes it.
    const plain = await youngGeneration(new Worker(ALLOCATING, { eval: true }))
    expect(plain).toBeGreaterThan(4 * MB)
  })
})
