import type { FastifyInstance } from 'fastify'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type AppOptions, buildApp } from '../../src/server/app.js'
import type { Database } from '../../src/server/db/client.js'
import { parseEnv } from '../../src/server/env.js'
import { type ConfiguredAdmin, ensureAdmin } from '../../src/server/services/admin-accounts.js'
import { createTestDatabase } from './test-database.js'

export const ADMIN = { username: 'admin', password: 'correct horse battery staple' }

export interface ApiResponse<T = any> {
  status: number
  body: T
  headers: Headers
}

export interface TestServer {
  url: string
  app: FastifyInstance
  database: Database
  dataDir: string
  /**
   * Calls the API over real HTTP. `form` sends multipart, `json` sends JSON. `from` sends from
   * another loopback address (127.0.0.2 …), which the server sees as another client.
   */
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<ApiResponse<T>>
  login(): Promise<string>
  close(): Promise<void>
}

export interface CallOptions {
  json?: unknown
  form?: FormData
  token?: string | null
  from?: string
  headers?: Record<string, string>
}

export interface TestServerOptions extends Partial<Omit<AppOptions, 'env' | 'database'>> {
  env?: Record<string, string>
  database?: Database
  dataDir?: string
  /** The admin made at start; ADMIN unless given (null: none). */
  admin?: ConfiguredAdmin | null
}

/** A JSON call over node:http, which can choose the local address it sends from. */
function callFrom(url: string, method: string, from: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; text: string; headers: Headers }>((resolve, reject) => {
    const request = http.request(url, { method, headers, localAddress: from }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const answerHeaders = new Headers()
        for (const [key, value] of Object.entries(response.headers)) {
          if (value !== undefined) answerHeaders.set(key, String(value))
        }
        resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString('utf8'), headers: answerHeaders })
      })
    })
    request.on('error', reject)
    request.end(body)
  })
}

/** The real app on a real port with a fresh database and data folder. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'villa-data-')))
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The run's encoded images (vitest.config.ts), shared by every server of the run.
    IMAGE_CACHE_DIR: process.env.IMAGE_CACHE_DIR,
    // Tests of removal see a released image go at once; tests/api/released-images.test.ts
    // covers the hour production keeps it.
    RELEASED_IMAGES_KEEP_MINUTES: '0',
    ...options.env,
  })
  const database = options.database ?? (await createTestDatabase())
  const app = await buildApp({ site: false, ...options, env, database, logger: options.logger ?? false })
  if (options.admin !== null) await ensureAdmin(database.db, app.log, options.admin ?? ADMIN)
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  let token: string | undefined

  const call: TestServer['call'] = async (method, urlPath, { json, form, token: explicit, from, ...rest } = {}) => {
    const headers: Record<string, string> = { ...rest.headers }
    const auth = explicit === undefined ? token : explicit
    if (auth) headers.authorization = `Bearer ${auth}`
    let body: BodyInit | undefined
    if (json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(json)
    } else if (form) {
      body = form
    }
    const response = from
      ? await callFrom(`${address}${urlPath}`, method, from, headers, body as string | undefined)
      : await fetch(`${address}${urlPath}`, { method, headers, body }).then(async (r) => ({
          status: r.status,
          text: await r.text(),
          headers: r.headers,
        }))
    const { text } = response
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {}
    return { status: response.status, body: parsed as any, headers: response.headers }
  }

  return {
    url: address,
    app,
    database,
    dataDir,
    call,
    async login() {
      const res = await call('POST', '/api/admin/login', { json: ADMIN, token: null })
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`)
      token = res.body.token
      return token!
    },
    async close() {
      await app.close()
      if (!options.database) await database.close()
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}
