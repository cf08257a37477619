import { type ChildProcess, spawn } from 'node:child_process'

// A real Apertium APy on loopback (Debian's apertium-apy and apertium-eng-spa): the machine
// provider of the end-to-end server (issue 40). Started and stopped by the e2e server.

export interface RunningApy {
  url: string
  stop: () => void
}

/** Starts APy on `port`; ready once `/listPairs` answers (a few seconds). */
export async function startApertiumApy(port: number, deadlineMs = 60_000): Promise<RunningApy> {
  const child: ChildProcess = spawn('apertium-apy', ['-p', String(port), '/usr/share/apertium/modes'], {
    stdio: 'ignore',
    detached: true,
  })
  const url = `http://127.0.0.1:${port}`
  // APy forks its pipelines: the group is stopped with it.
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
    const ready = await fetch(`${url}/listPairs`).then(
      (res) => res.ok,
      () => false,
    )
    if (ready) return { url, stop }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  stop()
  throw new Error(`apertium-apy did not answer on ${url} within ${deadlineMs} ms`)
}
