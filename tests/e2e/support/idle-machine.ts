import { readFileSync } from 'node:fs'

/** Busy and total CPU time of the whole machine so far (jiffies, from /proc/stat's first line). */
function cpuTimes() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
  const idle = fields[3]! + fields[4]! // idle + iowait
  const total = fields.reduce((sum, value) => sum + value, 0)
  return { busy: total - idle, total }
}

/**
 * Waits until the machine's cores have been at most `share` busy over a whole `windowMs`: the
 * test server's background image work (the demo seed's AVIF encoding) done, nothing else running.
 * Timing tests measure only then; throws after `timeoutMs`, saying how busy it stayed.
 */
export async function waitForIdleMachine({ share = 0.15, windowMs = 3000, timeoutMs = 300_000 } = {}) {
  const deadline = Date.now() + timeoutMs
  let last = 1
  while (Date.now() < deadline) {
    const before = cpuTimes()
    await new Promise((resolve) => setTimeout(resolve, windowMs))
    const after = cpuTimes()
    last = (after.busy - before.busy) / Math.max(1, after.total - before.total)
    if (last <= share) return
  }
  throw new Error(`the machine stayed busy (${Math.round(last * 100)}% of its cores over ${windowMs} ms)`)
}
