import { PGlite } from '@electric-sql/pglite'
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { lockDataDir } from '../../src/server/data-dir-lock.js'
import { type Database, openDatabase } from '../../src/server/db/client.js'
import { admins } from '../../src/server/db/schema.js'
import { ensureAdmin } from '../../src/server/services/admin-accounts.js'
import { ADMIN, startTestServer } from '../support/test-server.js'
import { cleanUpProcesses, tempDataDir } from './child-server.js'

// `npm run admin -- …` as a real process on a real data folder (and on PostgreSQL).

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CLI = path.join(ROOT, 'src/server/cli/run.ts')

afterAll(cleanUpProcesses, 60_000)

function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, 'admin', ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LOG_LEVEL: 'silent', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    )
  })
}

/** Turns two-factor sign-in on in the database, as the Account screen would have. */
async function withTwoFactor(database: Database) {
  await database.db
    .update(admins)
    .set({ totpSecret: 'v1.sealed', totpEnabledAt: new Date(), totpLastStep: 1 })
    .where(eq(admins.username, 'admin'))
}

/** What a server with this database answers to the admin's sign-in. */
async function signIn(database: Database, dataDir: string, password: string) {
  const server = await startTestServer({ database, dataDir, admin: null })
  try {
    return await server.call('POST', '/api/admin/login', { json: { username: 'admin', password }, token: null })
  } finally {
    await server.close()
  }
}

describe('the admin CLI on the embedded database', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await tempDataDir()
    // A migrated database in DATA_DIR/db, from the test run's template.
    const dump = await readFile(inject('pgliteTemplate'))
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'db'), loadDataDir: new Blob([dump]) })
    const database = await openDatabase({ pglite })
    await ensureAdmin(database.db, pino({ level: 'silent' }), ADMIN)
    await withTwoFactor(database)
    await database.close()
  }, 60_000)

  const open = () => openDatabase({ dataDir: path.join(dataDir, 'db') })

  it('refuses clearly while the server holds the data folder', async () => {
    const lock = await lockDataDir(dataDir)
    try {
      const { code, output } = await runCli(['reset-password', 'admin'], { DATA_DIR: dataDir })
      expect(code).toBe(1)
      expect(output).toContain(`Another server (pid ${process.pid}) is already using the data folder`)
      expect(output).toMatch(/stop the server, run this again/)
    } finally {
      await lock.release()
    }
  })

  it('explains its usage, an unknown user and a wrong DATA_DIR', async () => {
    expect((await runCli([], { DATA_DIR: dataDir })).code).toBe(2)
    expect((await runCli(['drop-tables', 'admin'], { DATA_DIR: dataDir })).output).toMatch(/Usage:/)
    const unknown = await runCli(['disable-2fa', 'ghost'], { DATA_DIR: dataDir })
    expect(unknown).toMatchObject({
      code: 1,
      output: expect.stringContaining('No admin is named "ghost". Admins: admin.'),
    })
    const nowhere = await runCli(['disable-2fa', 'admin'], { DATA_DIR: path.join(dataDir, 'nope') })
    expect(nowhere.code).toBe(1)
    expect(nowhere.output).toMatch(/No database in .*nope/)
  })

  it('disable-2fa: the password alone signs in again', async () => {
    const { code, output } = await runCli(['disable-2fa', 'admin'], { DATA_DIR: dataDir })
    expect(code, output).toBe(0)
    expect(output).toMatch(/Two-factor sign-in is off for "admin"/)
    const database = await open()
    try {
      const login = await signIn(database, dataDir, ADMIN.password)
      expect(login.status).toBe(200)
      expect(login.body.token).toBeTruthy()
    } finally {
      await database.close()
    }
  }, 60_000)

  it('reset-password: prints a new password, which must be changed at the next sign-in', async () => {
    const { code, output } = await runCli(['reset-password', 'admin'], { DATA_DIR: dataDir })
    expect(code, output).toBe(0)
    const password = /New password for "admin": (\S+)/.exec(output)?.[1]
    expect(password).toBeTruthy()
    const database = await open()
    try {
      expect((await signIn(database, dataDir, ADMIN.password)).status).toBe(401)
      const login = await signIn(database, dataDir, password!)
      expect(login.body).toMatchObject({ token: expect.any(String), mustChangePassword: true })
    } finally {
      await database.close()
    }
  }, 60_000)
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('the admin CLI on PostgreSQL', () => {
  const name = `villa_cli_${randomBytes(6).toString('hex')}`
  const url = (database: string) => {
    const u = new URL(process.env.TEST_DATABASE_URL!)
    u.pathname = `/${database}`
    return u.toString()
  }
  async function adminQuery(sql: string) {
    const client = new pg.Client({ connectionString: url('postgres') })
    await client.connect()
    await client.query(sql).finally(() => client.end())
  }
  afterAll(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))

  it('works while a server runs (no data folder lock), and disables two-factor sign-in', async () => {
    await adminQuery(`CREATE DATABASE ${name}`)
    const database = await openDatabase({ url: url(name) })
    try {
      await database.migrate()
      await ensureAdmin(database.db, pino({ level: 'silent' }), ADMIN)
      await withTwoFactor(database)
      const dataDir = await tempDataDir()
      const lock = await lockDataDir(dataDir)
      try {
        const { code, output } = await runCli(['disable-2fa', 'admin'], { DATABASE_URL: url(name), DATA_DIR: dataDir })
        expect(code, output).toBe(0)
      } finally {
        await lock.release()
      }
      const [admin] = await database.db.select().from(admins).where(eq(admins.username, 'admin'))
      expect(admin!.totpEnabledAt).toBeNull()
    } finally {
      await database.close()
    }
  }, 60_000)
})
