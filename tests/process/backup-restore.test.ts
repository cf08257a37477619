import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, watch, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBackup } from '../../src/server/backup/backup-archive.js'
import { blob, jpeg } from '../support/images.js'
import { until } from '../support/wait-for.js'
import { ADMIN_ENV, type ChildServer, cleanUpProcesses, npmRun, startServer, tempDataDir } from './child-server.js'
import { dropCreatedDatabases, freshDatabase } from './postgres-databases.js'
import { type SiteAnswers, siteAnswers } from './site-answers.js'

// The drill of docs/operations.md, with the real commands: `npm run backup -- <file>` while the
// site takes writes, `npm run restore -- <file>` into a new folder (or database), and a server
// on the restored data answering every API call as the original did at the moment of the backup.

afterAll(async () => {
  await cleanUpProcesses()
  await dropCreatedDatabases()
}, 60_000)

async function form(fields: Record<string, string>, images: Record<string, number> = {}) {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.append(key, value)
  for (const [key, count] of Object.entries(images))
    for (let i = 0; i < count; i++) body.append(key, blob(await jpeg(640 + i * 16, 480)), `${key}${i}.jpg`)
  return body
}

async function send(server: ChildServer, token: string, method: string, urlPath: string, body: FormData | object) {
  const json = !(body instanceof FormData)
  const res = await fetch(`${server.url}/api/admin${urlPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json && { 'content-type': 'application/json' }) },
    body: json ? JSON.stringify(body) : body,
  })
  const answer = await res.json()
  if (res.status !== 200) throw new Error(`${method} ${urlPath}: ${res.status} ${JSON.stringify(answer)}`)
  return answer
}

/** One write of the load, chosen by turn: creates, changes and deletes records and images. */
async function write(server: ChildServer, token: string, turn: number, created: string[]) {
  switch (turn % 6) {
    case 0: {
      const { project } = await send(
        server,
        token,
        'POST',
        '/add-project',
        await form({ title: `Villa ${turn}`, language: 'en' }, { featuredImage: 1, galleryImages: 2 }),
      )
      created.push(project._id)
      return
    }
    case 1:
      if (created.length > 0)
        await send(server, token, 'PUT', `/update-project/${created.at(-1)}`, await form({ title: `Villa ${turn}` }))
      return
    case 2:
      await send(server, token, 'POST', '/send-email', {
        fname: 'Ana',
        lname: 'García',
        email: 'ana@example.com',
        phone: '+34 600 000 000',
        message: `enquiry ${turn}`,
      })
      return
    case 3:
      await send(
        server,
        token,
        'POST',
        '/add-review',
        await form({ title: `Review ${turn}`, description: 'Wonderful.' }, { featuredImage: 1 }),
      )
      return
    case 4:
      // Purging a project deletes its images: the backup must still hold the ones it names.
      if (created.length > 1) {
        const id = created.shift()
        await send(server, token, 'DELETE', `/delete-project/${id}`, {})
        await send(server, token, 'DELETE', `/purge/project/${id}`, {})
      }
      return
    case 5:
      await send(server, token, 'POST', '/add-language', {
        code: `x${String.fromCharCode(97 + (turn % 26))}`,
        name: `L${turn}`,
      })
  }
}

function expectOneOf(restored: SiteAnswers, states: SiteAnswers[]) {
  const match = states.findIndex((state) => JSON.stringify(state.answers) === JSON.stringify(restored.answers))
  if (match === -1) {
    // Show the difference from the nearest state for a readable failure.
    expect(restored.answers).toEqual(states.at(-1)!.answers)
  }
  expect(match).toBeGreaterThanOrEqual(0)
  expect(restored.images).toEqual(states[match]!.images)
  expect(Object.values(restored.images)).not.toContain('missing')
  return match
}

describe.sequential('backup and restore', () => {
  let dataDir: string
  let backupDir: string
  let server: ChildServer
  let token: string
  const created: string[] = []

  beforeAll(async () => {
    dataDir = await tempDataDir()
    backupDir = path.join(await tempDataDir(), 'scheduled')
    server = await startServer(
      {
        dataDir,
        env: {
          ...ADMIN_ENV,
          SEED_DEMO: 'false',
          ENQUIRIES_PER_IP_PER_15_MIN: '1000',
          // Scheduled backups every two seconds, the newest two kept, all while the rest runs.
          BACKUP_DIR: backupDir,
          BACKUP_INTERVAL_HOURS: String(2 / 3600),
          BACKUP_KEEP: '2',
        },
      },
      60_000,
    )
    token = await server.login()
    for (let turn = 0; turn < 6; turn++) await write(server, token, turn, created)
  }, 90_000)

  it('restores a backup taken under write load into a new folder, answering as the original did then', async () => {
    const file = path.join(await tempDataDir(), 'site.tar')
    const states: SiteAnswers[] = [await siteAnswers(server.url, token)]
    let turn = 6
    const backup = npmRun('backup', [file], { DATA_DIR: dataDir })
    let finished: { code: number | null; output: string } | undefined
    void backup.done.then((result) => (finished = result))
    // Writes go on, one at a time, until the backup is done; the state after each is recorded.
    let afterBackup = 0
    while (afterBackup < 2) {
      if (finished) afterBackup++
      await write(server, token, turn++, created)
      states.push(await siteAnswers(server.url, token))
    }
    expect(finished!.output).toMatch(/from the running server/)
    expect(finished!.code).toBe(0)

    const restoredDir = await tempDataDir()
    const restore = await npmRun('restore', [file], { DATA_DIR: restoredDir }).done
    expect(restore.output).toMatch(/Restored the backup/)
    expect(restore.code).toBe(0)
    const restored = await startServer({ dataDir: restoredDir, env: { ...ADMIN_ENV, SEED_DEMO: 'false' } }, 60_000)
    // The original's sessions came along: the same token works.
    const answers = await siteAnswers(restored.url, token)
    const moment = expectOneOf(answers, states)
    expect(moment).toBeLessThan(states.length - 1) // not simply the final state: writes went on
    expect(await restored.stop()).toEqual({ code: 0, signal: null })

    if (process.env.TEST_DATABASE_URL) {
      // The same file fills an empty PostgreSQL database as well.
      const databaseUrl = await freshDatabase()
      const uploads = await tempDataDir()
      const intoPostgres = await npmRun('restore', [file], { DATABASE_URL: databaseUrl, DATA_DIR: uploads }).done
      expect(intoPostgres.code).toBe(0)
      const onPostgres = await startServer({
        dataDir: uploads,
        env: { ...ADMIN_ENV, SEED_DEMO: 'false', DATABASE_URL: databaseUrl },
      })
      expect(await siteAnswers(onPostgres.url, token)).toEqual(answers)
      expect(await onPostgres.stop()).toEqual({ code: 0, signal: null })
    }
  }, 180_000)

  it('keeps the newest BACKUP_KEEP scheduled backups, each complete', async () => {
    await until(
      'three scheduled backups',
      async () => (server.output().match(/scheduled backup written/g) ?? []).length >= 3,
      30_000,
    )
    // Backups go on every 2 s: between a new file's rename and the pruning after it the folder
    // holds one more, and a file read may be pruned under the reader. Each look is whole or retried.
    await until(
      'BACKUP_KEEP complete backups in the folder',
      async () => {
        const names = (await readdir(backupDir)).filter((n) => n.endsWith('.tar'))
        if (names.length !== 2) return false
        try {
          for (const name of names) {
            expect((await readBackup(path.join(backupDir, name))).manifest.tables.length).toBeGreaterThan(5)
          }
        } catch (error) {
          const cause = (error as Error).cause as NodeJS.ErrnoException | undefined
          if (cause?.code === 'ENOENT') return false
          throw error
        }
        return true
      },
      20_000,
    )
  }, 60_000)

  it('never damages the previous backup when a new one is interrupted', async () => {
    const folder = path.join(await tempDataDir(), 'kept')
    await mkdir(folder)
    const file = path.join(folder, 'nightly.tar')
    expect((await npmRun('backup', [file], { DATA_DIR: dataDir }).done).code).toBe(0)
    const before = await readFile(file)

    // Killed the moment it starts writing its file.
    const watcher = watch(folder)
    const interrupted = npmRun('backup', [file], { DATA_DIR: dataDir })
    for await (const event of watcher) {
      if (!event.filename?.includes('.partial-')) continue
      process.kill(-interrupted.child.pid!, 'SIGKILL')
      break
    }
    const result = await interrupted.done
    expect(result.code).toBeNull() // killed, not finished
    expect(result.output).not.toMatch(/Backup written/)
    expect((await readFile(file)).equals(before)).toBe(true)
    await readBackup(file) // still complete

    // A truncated copy is refused, not half restored.
    const truncated = path.join(folder, 'truncated.tar')
    await writeFile(truncated, before.subarray(0, Math.floor(before.length / 2)))
    const refused = await npmRun('restore', [truncated], { DATA_DIR: await tempDataDir() }).done
    expect(refused.code).toBe(1)
    expect(refused.output).toMatch(/Restore failed: .*(incomplete|cannot be read|damaged)/)
  }, 60_000)

  it('refuses to restore over a site', async () => {
    const file = path.join(await tempDataDir(), 'again.tar')
    expect((await npmRun('backup', [file], { DATA_DIR: dataDir }).done).code).toBe(0)
    const running = await npmRun('restore', [file], { DATA_DIR: dataDir }).done
    expect(running.code).toBe(1)
    expect(running.output).toMatch(/already using the data folder/)
    expect(await server.stop()).toEqual({ code: 0, signal: null })
    const stopped = await npmRun('restore', [file], { DATA_DIR: dataDir }).done
    expect(stopped.code).toBe(1)
    expect(stopped.output).toMatch(/already holds a site/)
    // With the server stopped, the backup is taken from the folder directly.
    const offline = await npmRun('backup', [path.join(path.dirname(file), 'offline.tar')], { DATA_DIR: dataDir }).done
    expect(offline.output).toMatch(/no server was running/)
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false)
  }, 60_000)
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore on PostgreSQL', () => {
  it('backs up straight from the database and restores into an empty one', async () => {
    const databaseUrl = await freshDatabase()
    const dataDir = await tempDataDir()
    const server = await startServer({ dataDir, env: { ...ADMIN_ENV, SEED_DEMO: 'false', DATABASE_URL: databaseUrl } })
    const token = await server.login()
    const created: string[] = []
    for (let turn = 0; turn < 6; turn++) await write(server, token, turn, created)
    const original = await siteAnswers(server.url, token)

    const file = path.join(await tempDataDir(), 'pg.tar')
    const backup = await npmRun('backup', [file], { DATABASE_URL: databaseUrl, DATA_DIR: dataDir }).done
    expect(backup.output).toMatch(/from PostgreSQL/)
    expect(backup.code).toBe(0)
    const target = await freshDatabase()
    const targetDir = await tempDataDir()
    expect((await npmRun('restore', [file], { DATABASE_URL: target, DATA_DIR: targetDir }).done).code).toBe(0)
    const again = await npmRun('restore', [file], { DATABASE_URL: target, DATA_DIR: await tempDataDir() }).done
    expect(again.output).toMatch(/database is not empty/)

    const restored = await startServer({
      dataDir: targetDir,
      env: { ...ADMIN_ENV, SEED_DEMO: 'false', DATABASE_URL: target },
    })
    expect(await siteAnswers(restored.url, token)).toEqual(original)
    expect(await restored.stop()).toEqual({ code: 0, signal: null })
    expect(await server.stop()).toEqual({ code: 0, signal: null })
  }, 120_000)
})
