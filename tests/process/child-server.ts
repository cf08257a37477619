import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { freePort } from '../support/free-port.js'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Runs the real server (`node --import tsx src/server/main.ts`) as a child process. */

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const MAIN = path.join(ROOT, 'src/server/main.ts')

export const ADMIN_ENV = { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'process test password' }

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface ChildServer {
  child: ChildProcess
  pid: number
  url: string
  dataDir: string
  /** Everything written to stdout and stderr so far. */
  output(): string
  exited: Promise<Exit>
  call<T = any>(
    method: string,
    urlPath: string,
    options?: { json?: unknown; token?: string },
  ): Promise<{ status: number; body: T }>
  login(password?: string): Promise<string>
  /** Sends SIGTERM and waits for the exit. */
  stop(timeoutMs?: number): Promise<Exit>
}

const children = new Set<ChildProcess>()
const tempDirs = new Set<string>()

export async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'villa-proc-'))
  tempDirs.add(dir)
  return dir
}

/** Kills every child still running and removes the temporary folders (for afterAll). */
export async function cleanUpProcesses(): Promise<void> {
  await Promise.all(
    [...children].map(async (child) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL')
        await new Promise((resolve) => child.once('exit', resolve))
      }
    }),
  )
  children.clear()
  await Promise.all([...tempDirs].map((dir) => rm(dir, { recursive: true, force: true })))
  tempDirs.clear()
}

/** The run's encoded images (vitest.config.ts): a seeded child encodes the demo's images once per run. */
const imageCache = (): Record<string, string> =>
  process.env.IMAGE_CACHE_DIR ? { IMAGE_CACHE_DIR: process.env.IMAGE_CACHE_DIR } : {}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Starts the server; answers at once, without waiting for it to listen. */
export function spawnServer(options: { dataDir: string; port: number; env?: Record<string, string> }): ChildServer {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    ...imageCache(),
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...options.env,
  }
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  let output = ''
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text))
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text))
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child)
      resolve({ code, signal })
    }),
  )
  const url = `http://127.0.0.1:${options.port}`

  const call: ChildServer['call'] = async (method, urlPath, { json, token } = {}) => {
    const headers: Record<string, string> = {}
    if (token) headers.authorization = `Bearer ${token}`
    if (json !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(`${url}${urlPath}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    const text = await response.text()
    let body: any = text
    try {
      body = JSON.parse(text)
    } catch {}
    return { status: response.status, body }
  }

  return {
    child,
    pid: child.pid!,
    url,
    dataDir: options.dataDir,
    output: () => output,
    exited,
    call,
    async login(password = ADMIN_ENV.ADMIN_PASSWORD) {
      const res = await call('POST', '/api/admin/login', { json: { username: 'admin', password } })
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`)
      return res.body.token as string
    },
    async stop(timeoutMs = 40_000) {
      child.kill('SIGTERM')
      return withTimeout(exited, timeoutMs, 'the server to exit after SIGTERM')
    },
  }
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Starts the server and waits until GET /healthz answers 200; fails early if it exits. */
export async function startServer(
  options: { dataDir: string; port?: number; env?: Record<string, string> },
  timeoutMs = 90_000,
): Promise<ChildServer> {
  const server = spawnServer({ ...options, port: options.port ?? (await freePort()) })
  const deadline = Date.now() + timeoutMs
  let exit: Exit | undefined
  void server.exited.then((e) => (exit = e))
  for (;;) {
    if (exit)
      throw new Error(`server exited (${JSON.stringify(exit)}) before it was healthy:\n${server.output().slice(-3000)}`)
    const status = await fetch(`${server.url}/healthz`).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) return server
    if (Date.now() > deadline) {
      server.child.kill('SIGKILL')
      throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output().slice(-3000)}`)
    }
    await sleep(200)
  }
}

/** Runs a server that is expected to stop by itself; answers its exit and output. */
export async function runToExit(options: { dataDir: string; env?: Record<string, string> }, timeoutMs = 30_000) {
  const server = spawnServer({ ...options, port: await freePort() })
  const exit = await withTimeout(server.exited, timeoutMs, 'the server to exit by itself').catch((error: Error) => {
    server.child.kill('SIGKILL')
    throw new Error(`${error.message}\n${server.output().slice(-3000)}`)
  })
  return { ...exit, output: server.output(), url: server.url }
}

/** `npm run <script> -- …args` with only the given environment (as an operator's shell would). */
export function npmRun(script: string, args: string[], env: Record<string, string>) {
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH!, HOME: process.env.HOME!, LOG_LEVEL: 'warn', ...imageCache(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that a kill reaches the command under npm and its shell.
    detached: true,
  })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (t: string) => (output += t))
  child.stderr.setEncoding('utf8').on('data', (t: string) => (output += t))
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  )
  children.add(child)
  void done.then(() => children.delete(child))
  return { child: child as ChildProcess, done }
}
