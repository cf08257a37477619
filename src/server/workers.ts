import cluster, { type Worker } from 'node:cluster'
import { availableParallelism } from 'node:os'
import type { Env } from './env.js'

/** A reason not to start that the operator can act on: shown without a stack. */
export class StartupRefusal extends Error {}

/** WORKERS as a number of processes. */
export function workerCount(env: Env): number {
  return env.WORKERS === 'auto' ? availableParallelism() : env.WORKERS
}

/** Only PostgreSQL can be shared by several processes; PGlite corrupts its folder if it is. */
export function refuseWorkersWithoutPostgres(env: Env, count: number): void {
  if (count > 1 && !env.DATABASE_URL)
    throw new StartupRefusal(
      `WORKERS=${env.WORKERS} needs PostgreSQL (set DATABASE_URL): the embedded database can be opened by one process only. Unset WORKERS, or move to PostgreSQL.`,
    )
}

/** The cache thread takes the port itself; node:cluster's workers share it through the primary. */
export function refuseCacheThreadWithWorkers(env: Env, count: number): void {
  if (count > 1 && env.CACHE_THREAD)
    throw new StartupRefusal(
      `CACHE_THREAD and WORKERS=${env.WORKERS} cannot be combined: each worker process already answers cached pages on its own core. Unset one of them.`,
    )
}

const say = (message: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg: message }))

/**
 * The primary of `WORKERS=N`: forks N servers that share the port (node:cluster hands out
 * connections in turn), replaces one that dies after it was serving, and on SIGTERM/SIGINT passes
 * the signal on and exits when they all have. A worker that dies before serving stops everything:
 * a bad database URL would otherwise be retried forever.
 */
export function superviseWorkers(count: number): void {
  let stopping = false
  let failed = false
  const serving = new WeakSet<Worker>()

  const fork = () => {
    const worker = cluster.fork()
    worker.once('listening', () => serving.add(worker))
  }
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
  }

  cluster.on('exit', (worker, code, signal) => {
    if (!stopping && serving.has(worker)) {
      say(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`)
      setTimeout(fork, 1_000)
      return
    }
    if (!stopping) {
      say(`worker ${worker.process.pid} exited (${signal ?? code}) before serving; stopping`)
      stopAll('SIGTERM')
    }
    if (code !== 0) failed = true
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0)
  })
  process.on('SIGTERM', () => stopAll('SIGTERM'))
  process.on('SIGINT', () => stopAll('SIGINT'))

  say(`starting ${count} workers`)
  for (let i = 0; i < count; i++) fork()
}
