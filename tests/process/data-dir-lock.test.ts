import { tryLock } from 'fs-native-extensions'
import { existsSync } from 'node:fs'
import { open, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ADMIN_ENV, cleanUpProcesses, runToExit, startServer, tempDataDir } from './child-server.js'

// The DATA_DIR lock is the kernel's, not a pid in a file: containers sharing a volume are all
// pid 1, and a pid can be reused by an unrelated process after a crash.

afterAll(cleanUpProcesses, 60_000)

const EMPTY_SITE = { ...ADMIN_ENV, SEED_DEMO: 'false' }

describe.sequential('the data folder lock', () => {
  it('refuses to start while another process holds the lock, whatever pid its file names', async () => {
    const dataDir = await tempDataDir()
    const file = path.join(dataDir, 'server.lock')
    // What another container's server leaves: a lock held by the kernel, and a pid that means
    // nothing here (no such process in this namespace).
    const holder = await open(file, 'a+')
    try {
      expect(tryLock(holder.fd)).toBe(true)
      await writeFile(file, '999999')
      const second = await runToExit({ dataDir, env: EMPTY_SITE })
      expect(second.code).not.toBe(0)
      expect(second.code).not.toBeNull()
      expect(second.output).toContain(`data folder ${dataDir}`)
      expect(second.output).toContain('pid 999999')
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false) // never opened the database
    } finally {
      await holder.close()
    }
  })

  it('starts over a lock file naming a live process that does not hold the lock', async () => {
    const dataDir = await tempDataDir()
    // A restarted container finds the file of its previous life, naming pid 1, which is alive.
    await writeFile(path.join(dataDir, 'server.lock'), String(process.pid))
    const server = await startServer({ dataDir, env: EMPTY_SITE }, 60_000)
    expect((await server.call('GET', '/api/admin/get-languages')).status).toBe(200)
    expect(await server.stop()).toEqual({ code: 0, signal: null })
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false)
  }, 90_000)
})
