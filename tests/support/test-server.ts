import type { FastifyInstance } from 'fastify'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type AppOptions, buildApp } from '../../src/server/app.js'
import type { Database } from '../../src/server/db/client.js'
import { parseEnv } from '../../src/server/env.js'
import { ensureAdmin } from '../../src/server/services/auth.js'
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
  /** Calls the API over real HTTP. `form` sends multipart, `json` sends JSON. */
  call<T = any>(
    method: string,
    path: string,
    options?: { json?: unknown; form?: FormData; token?: string | null },
  ): Promise<ApiResponse<T>>
  login(): Promise<string>
  close(): Promise<void>
}

export interface TestServerOptions extends Partial<Omit<AppOptions, 'env' | 'database'>> {
  env?: Record<string, string>
  database?: Database
  dataDir?: string
}

/** The real app on a real port with a fresh database and data folder. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'villa-data-')))
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env })
  const database = options.database ?? (await createTestDatabase())
  const app = await buildApp({ site: false, ...options, env, database, logger: false })
  await ensureAdmin(database.db, app.log, ADMIN)
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  let token: string | undefined

  const call: TestServer['call'] = async (method, urlPath, { json, form, token: explicit } = {}) => {
    const headers: Record<string, string> = {}
    const auth = explicit === undefined ? token : explicit
    if (auth) headers.authorization = `Bearer ${auth}`
    let body: BodyInit | undefined
    if (json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(json)
    } else if (form) {
      body = form
    }
    const response = await fetch(`${address}${urlPath}`, { method, headers, body })
    const text = await response.text()
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
