// Over 300 lines: these tests share one server process and its data folder (a new embedded
// database takes seconds to create), so they live in one sequential file.
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../support/free-port.js'
import {
  ADMIN_ENV,
  type ChildServer,
  cleanUpProcesses,
  runToExit,
  sleep,
  spawnServer,
  startServer,
  tempDataDir,
  withTimeout,
} from './child-server.js'

// The real server as a child process: first start, demo seed, locking, signals, crash recovery.
// Everything here runs one after the other; a new embedded database takes seconds to create.

const START_MS = 120_000 // a new embedded database plus the demo seed; ~30 s on an idle machine
const SEEDING = /loading demo content/

afterAll(cleanUpProcesses, 60_000)

const enquiry = (message: string) => ({
  fname: 'Ana',
  lname: 'García',
  email: 'ana@example.com',
  phone: '+34 600 000 000',
  services: 'Renovation',
  message,
})

/** The content seedDemoContent writes on a new site. */
async function expectDemoContent(server: ChildServer) {
  const languages = await server.call('GET', '/api/admin/get-languages')
  expect(languages.body.map((l: { code: string }) => l.code).sort()).toEqual(['en', 'es', 'sv'])

  const projects = await server.call('GET', '/api/admin/get-projects/en')
  expect(projects.status).toBe(200)
  expect(projects.body.length).toBeGreaterThanOrEqual(6)
  for (const project of projects.body) expect(project).toMatchObject({ language: 'en', parentId: null })
  const translatedInto = (code: string) =>
    projects.body.filter((p: { translations: { code: string }[] }) => p.translations.some((t) => t.code === code))
  expect(translatedInto('es')).toHaveLength(2)
  expect(translatedInto('sv')).toHaveLength(1)

  const spanish = await server.call('GET', '/api/admin/get-projects/es')
  expect(spanish.body.filter((p: { language: string }) => p.language === 'es')).toHaveLength(2)

  const reviews = await server.call('GET', '/api/admin/get-reviews/en')
  expect(reviews.body).toHaveLength(3)

  for (const page of ['home', 'about', 'contact', 'coming-soon']) {
    const res = await server.call('GET', `/api/admin/get-translation-page/${page}`)
    expect(res.status, page).toBe(200)
    for (const code of ['es', 'sv']) {
      const text = res.body.translations[0][code] as Record<string, string>
      expect(Object.keys(text).length, `${page} ${code}`).toBeGreaterThan(0)
      expect(Object.values(text).every((v) => typeof v === 'string' && v.trim() !== '')).toBe(true)
    }
  }

  const [first] = projects.body
  const imagePaths = [
    first.featuredImage,
    first.galleryBannerImage,
    ...first.galleryImages,
    first.amenities[0]?.image,
    reviews.body[0].featuredImage,
  ]
  expect(imagePaths.every(Boolean)).toBe(true)
  for (const imagePath of imagePaths) {
    const res = await fetch(`${server.url}${imagePath}`)
    expect(res.status, imagePath).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^image\/(jpeg|png|webp|avif)$/)
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(bytes.length).toBeGreaterThan(1000)
    if (res.headers.get('content-type') === 'image/jpeg')
      expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
  }
}

async function expectEmptySite(server: ChildServer) {
  const languages = await server.call('GET', '/api/admin/get-languages')
  expect(languages.body.map((l: { code: string }) => l.code)).toEqual(['en'])
  expect((await server.call('GET', '/api/admin/get-projects/en')).body).toEqual([])
  expect((await server.call('GET', '/api/admin/get-reviews/en')).body).toEqual([])
  expect((await server.call('GET', '/api/admin/get-translation-page/home')).status).toBe(404)
  expect(server.output()).not.toMatch(SEEDING)
}

/** A POST whose body arrives in two halves, `gapMs` apart; `between` runs in the gap. */
function slowPost(url: string, urlPath: string, json: unknown, between: () => void, gapMs = 400) {
  const body = JSON.stringify(json)
  // Holds its connection open afterwards, as fetch and browsers do: the server must close it.
  const agent = new http.Agent({ keepAlive: true, timeout: 120_000 })
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${url}${urlPath}`, {
      agent,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    })
    req.on('response', (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, body: text }))
    })
    req.on('error', reject)
    req.write(body.slice(0, 20))
    setTimeout(() => {
      between()
      setTimeout(() => req.end(body.slice(20)), gapMs)
    }, gapMs)
  })
}

describe.sequential('server process', () => {
  describe('bad environment', () => {
    it.each([
      [{ PORT: 'abc' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
      [{ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: '123456789012' }, 'ADMIN_PASSWORD'],
    ])('refuses %j, naming the variable', async (env, variable) => {
      const dataDir = await tempDataDir()
      const result = await runToExit({ dataDir, env })
      expect(result.code).not.toBe(0)
      expect(result.code).not.toBeNull()
      expect(result.output).toContain('Invalid environment')
      expect(result.output).toMatch(new RegExp(`^\\s*${variable}: `, 'm'))
      expect(result.output).not.toMatch(/\bat .+\.ts:\d+/) // a message, not a stack trace
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false)
    })
  })

  describe('a new data folder with the default demo content', () => {
    let dataDir: string
    let server: ChildServer
    beforeAll(async () => {
      dataDir = await tempDataDir()
      server = await startServer({ dataDir, env: ADMIN_ENV }, START_MS)
    }, START_MS + 10_000)

    // Before anything else asks for them: the cache may hold them from the seed's own renders.
    it('answers a translated project page in its language from the first visit', async () => {
      for (const [slug, skipLink] of [
        ['villa-brisa-en-estepona', 'Saltar al contenido'],
        ['villa-brisa-i-estepona', 'Hoppa till innehållet'],
      ]) {
        const html = await (await fetch(`${server.url}/project/${slug}`)).text()
        expect(html, slug).toContain(skipLink)
        expect(html, slug).not.toContain('Skip to content')
      }
    })

    it('(a) has the demo languages, projects, reviews, page text and images', async () => {
      await expectDemoContent(server)
      expect(server.output()).not.toMatch(/with password/)
    })

    it('(c) refuses a second server on the same folder while the first keeps serving', async () => {
      const second = await runToExit({ dataDir, env: ADMIN_ENV })
      expect(second.code).not.toBe(0)
      expect(second.code).not.toBeNull()
      expect(second.output).toMatch(/data folder/)
      expect(second.output).toContain(dataDir)
      expect(second.output).toContain(`pid ${server.pid}`)
      expect((await fetch(`${second.url}/healthz`).catch(() => null))?.status).toBeUndefined()

      expect((await readFile(path.join(dataDir, 'server.lock'), 'utf8')).trim()).toBe(String(server.pid))
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      expect((await server.call('GET', '/api/admin/get-projects/en')).body.length).toBeGreaterThanOrEqual(6)
    })

    it('(d) finishes a request in flight at SIGTERM, exits 0, and starts again on the folder', async () => {
      const message = `sent while stopping ${randomBytes(4).toString('hex')}`
      const answer = await slowPost(server.url, '/api/admin/send-email', enquiry(message), () =>
        server.child.kill('SIGTERM'),
      )
      expect(answer.status).toBe(200)
      const exit = await withTimeout(server.exited, 10_000, 'exit after SIGTERM')
      expect(exit).toEqual({ code: 0, signal: null })
      expect(server.output()).toMatch(/shutting down/)
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false)

      const started = Date.now()
      const again = await startServer({ dataDir, env: ADMIN_ENV }, 30_000)
      expect(Date.now() - started).toBeLessThan(30_000)
      expect(again.output()).not.toMatch(SEEDING) // not fresh: no second demo seed
      const projects = await again.call('GET', '/api/admin/get-projects')
      expect(projects.body).toHaveLength(9) // six originals, three translations, as before
      const token = await again.login()
      const stored = await again.call('GET', '/api/admin/get-enquiries', { token })
      expect(stored.body.map((e: { message: string }) => e.message)).toContain(message)
      expect(await again.stop()).toEqual({ code: 0, signal: null })
    }, 90_000)
  })

  it(
    '(h) seeds in full at the next start when the first start died during the demo seed',
    async () => {
      const dataDir = await tempDataDir()
      const first = spawnServer({ dataDir, port: await freePort(), env: ADMIN_ENV })
      const deadline = Date.now() + START_MS
      while (!SEEDING.test(first.output()) && Date.now() < deadline) await sleep(100)
      await sleep(1500) // some demo content is written by now
      first.child.kill('SIGKILL')
      await withTimeout(first.exited, 10_000, 'the killed server to exit')

      const again = await startServer({ dataDir, env: ADMIN_ENV }, START_MS)
      expect(again.output()).toMatch(SEEDING)
      await expectDemoContent(again)
      const exit = await again.stop()
      expect(exit, again.output().slice(-3000)).toEqual({ code: 0, signal: null })
    },
    2 * START_MS + 20_000,
  )

  describe('a new data folder without demo content or a configured admin', () => {
    let dataDir: string
    let server: ChildServer
    let password: string
    beforeAll(async () => {
      dataDir = await tempDataDir()
      server = await startServer({ dataDir, env: { SEED_DEMO: 'false' } }, START_MS)
    }, START_MS + 10_000)

    it('(b) starts with only the base language and no content', async () => {
      await expectEmptySite(server)
    })

    it('(g) prints a generated password for admin once; it signs in and must be changed first', async () => {
      const printed = [...server.output().matchAll(/Created admin user \\?"admin\\?" with password ([A-Za-z0-9_-]+)/g)]
      expect(printed).toHaveLength(1)
      const generated = printed[0]![1]!
      expect(generated.length).toBeGreaterThanOrEqual(16)
      const login = await server.call('POST', '/api/admin/login', { json: { username: 'admin', password: generated } })
      expect(login.body).toMatchObject({ token: expect.stringMatching(/\S{40,}/), mustChangePassword: true })
      expect(
        (await server.call('POST', '/api/admin/login', { json: { username: 'admin', password: 'wrong' } })).status,
      ).toBe(401)
      password = 'olive grove stone terrace'
      const changed = await server.call('POST', '/api/admin/change-password', {
        token: login.body.token,
        json: { currentPassword: generated, newPassword: password },
      })
      expect(changed.status).toBe(200)
    })

    it('(e) keeps every acknowledged write after a SIGKILL, and the stale lock does not block a restart', async () => {
      const token = await server.login(password)
      const letters = 'abcdefghijklmnopqrstuvwxyz'
      const codes = [...letters].flatMap((a) => [...letters].map((b) => `x${a}${b}`)).slice(0, 400)
      const acknowledged: string[] = []
      const acknowledgedEnquiries: string[] = []
      let killed = false

      const worker = async (queue: string[]) => {
        for (let code = queue.shift(); code && !killed; code = queue.shift()) {
          try {
            const res = await server.call('POST', '/api/admin/add-language', {
              token,
              json: { code, name: `Test ${code}` },
            })
            if (res.status === 200) acknowledged.push(res.body.language.code)
          } catch {
            return // the connection died with the process
          }
        }
      }
      const queue = [...codes]
      const mail = (async () => {
        for (let i = 0; i < 5 && !killed; i++) {
          const message = `durable enquiry ${i}`
          const res = await server.call('POST', '/api/admin/send-email', { json: enquiry(message) }).catch(() => null)
          if (res?.status === 200) acknowledgedEnquiries.push(message)
        }
      })()
      const workers = Array.from({ length: 12 }, () => worker(queue))
      while (acknowledged.length < 60 && queue.length > 0) await sleep(10)
      server.child.kill('SIGKILL')
      killed = true
      await Promise.all([...workers, mail])
      expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' })
      expect(acknowledged.length).toBeGreaterThanOrEqual(60)
      expect(acknowledged.length).toBeLessThan(codes.length) // it really died in the middle
      expect((await readFile(path.join(dataDir, 'server.lock'), 'utf8')).trim()).toBe(String(server.pid))

      const again = await startServer({ dataDir, env: { SEED_DEMO: 'false' } }, 60_000)
      expect(again.output()).not.toMatch(/with password/) // printed once, on the first start only
      const stored = new Set(
        (await again.call('GET', '/api/admin/get-languages')).body.map((l: { code: string }) => l.code),
      )
      const lost = acknowledged.filter((code) => !stored.has(code))
      expect(lost).toEqual([])
      const newToken = await again.login(password)
      const enquiries = await again.call('GET', '/api/admin/get-enquiries', { token: newToken })
      const messages = enquiries.body.map((e: { message: string }) => e.message)
      for (const message of acknowledgedEnquiries) expect(messages).toContain(message)
      // Still writable after the crash.
      const after = await again.call('POST', '/api/admin/add-language', {
        token: newToken,
        json: { code: 'yzz', name: 'After' },
      })
      expect(after.status).toBe(200)
      expect(await again.stop()).toEqual({ code: 0, signal: null })
    }, 90_000)
  })

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL (DATABASE_URL)', () => {
    const created: string[] = []
    const adminUrl = (database: string) => {
      const url = new URL(process.env.TEST_DATABASE_URL!)
      url.pathname = `/${database}`
      return url.toString()
    }
    async function admin(sql: string) {
      const client = new pg.Client({ connectionString: adminUrl('postgres') })
      await client.connect()
      try {
        await client.query(sql)
      } finally {
        await client.end()
      }
    }
    async function freshDatabase() {
      const name = `villa_proc_${randomBytes(6).toString('hex')}`
      await admin(`CREATE DATABASE ${name}`)
      created.push(name)
      return adminUrl(name)
    }
    afterAll(async () => {
      await cleanUpProcesses()
      for (const name of created) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    }, 60_000)

    it(
      '(a) seeds the demo content into a new database',
      async () => {
        const server = await startServer(
          { dataDir: await tempDataDir(), env: { ...ADMIN_ENV, DATABASE_URL: await freshDatabase() } },
          START_MS,
        )
        await expectDemoContent(server)
        expect(await server.stop()).toEqual({ code: 0, signal: null })
      },
      START_MS + 30_000,
    )

    it(
      '(b) starts empty with SEED_DEMO=false',
      async () => {
        const server = await startServer({
          dataDir: await tempDataDir(),
          env: { ...ADMIN_ENV, SEED_DEMO: 'false', DATABASE_URL: await freshDatabase() },
        })
        await expectEmptySite(server)
        expect(await server.stop()).toEqual({ code: 0, signal: null })
      },
      START_MS + 30_000,
    )
  })
})
