import { afterAll, describe, expect, it } from 'vitest'
import { ADMIN_ENV, cleanUpProcesses, sleep, startServer, tempDataDir } from './child-server.js'

// Decision 083: a schedule that came due while the server was down runs when it starts again.
const START_MS = 120_000
const ENV = { ...ADMIN_ENV, SEED_DEMO: 'false' }

afterAll(cleanUpProcesses, 60_000)

describe('a scheduled publish across a restart', () => {
  it(
    'runs at the next start when it came due while the server was stopped',
    async () => {
      const dataDir = await tempDataDir()
      const first = await startServer({ dataDir, env: ENV }, START_MS)
      const token = await first.login()
      const added = await first.call('POST', '/api/admin/add-project', {
        token,
        json: { title: 'Villa Restart', saveAs: 'draft' },
      })
      expect(added.status, JSON.stringify(added.body)).toBe(200)
      const { _id: id, slug } = added.body.project
      const at = new Date(Date.now() + 3_000)
      const scheduled = await first.call('POST', `/api/admin/publish/project/${id}`, { token, json: { at } })
      expect(scheduled.body.publishStatus).toBe('scheduled')
      expect((await first.stop()).code).toBe(0)

      // Down past the schedule's time.
      await sleep(Math.max(0, at.getTime() - Date.now()) + 1_000)
      const again = await startServer({ dataDir, env: ENV }, START_MS)
      const started = Date.now()
      let status = 0
      while (Date.now() - started < 10_000) {
        status = (await again.call('GET', `/api/admin/single-project/${slug}`)).status
        if (status === 200) break
        await sleep(100)
      }
      expect(status, again.output().slice(-3000)).toBe(200)
      const record = await again.call('GET', `/api/admin/get-project/${id}`, { token: await again.login() })
      expect(record.body).toMatchObject({
        publishStatus: 'published',
        publishAt: null,
        changedBy: 'system',
        version: 2,
      })
      expect((await again.stop()).code).toBe(0)
    },
    3 * START_MS,
  )
})
