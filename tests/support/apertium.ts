import { spawn } from 'node:child_process'
import { freePort } from './free-port.js'

// A real Apertium APy on loopback (Debian's apertium-apy and apertium-eng-spa), one per test
// file: it takes seconds to start. Ready once /listPairs answers.

export async function startApertium(deadlineMs = 60_000): Promise<{ url: string; stop: () => void }> {
  const port = await freePort()
  const child = spawn('apertium-apy', ['-p', String(port), '/usr/share/apertium/modes'], {
    stdio: 'ignore',
    detached: true,
  })
  const url = `http://127.0.0.1:${port}`
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  const until = Date.now() + deadlineMs
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`apertium-apy exited with ${child.exitCode}`)
    if (
      await fetch(`${url}/listPairs`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  stop()
  throw new Error(`apertium-apy did not answer on ${url}`)
}
