import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/client.js'
import { deeplEnv, type FakeDeepl, startFakeDeepl } from '../support/fake-deepl.js'
import { projectApi } from '../support/project-api.js'
import { createTestDatabase } from '../support/test-database.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { addLanguages } from '../support/signed-in-server.js'

// Machine jobs (issue 41, item 4) through a local DeepL: paused at the monthly cap with its
// message, finished after a restart with the cap raised, each segment sent to the provider once;
// its end on the dashboard's attention list.

let deepl: FakeDeepl
let database: Database
let server: TestServer

const start = (cap?: string) =>
  startTestServer({
    database,
    machineJobPollMs: 100,
    env: { ...deeplEnv(deepl), ...(cap ? { MT_MONTHLY_CHARACTERS: cap } : {}) },
  })

beforeAll(async () => {
  deepl = await startFakeDeepl()
  database = await createTestDatabase()
  server = await start('40')
  await server.login()
  await addLanguages(server, 'de')
  await projectApi(server).addProject({
    project: {
      title: 'Villa Sol',
      description: 'A villa of 640 m² by the sea. It has 5 beds. The garden is large.',
      amenities: [{ title: 'Private pool', image: null }] as never,
    },
  })
})
afterAll(async () => {
  await server.close()
  await database.close()
  await deepl.close()
})

const jobOf = async (id: string) => (await server.call('GET', `/api/admin/translation-jobs/${id}`)).body.job

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('machine translation jobs', () => {
  it('pauses at the monthly cap with its message, and finishes after a restart with the cap raised, each segment sent once', async () => {
    const created = await server.call('POST', '/api/admin/translation-jobs', {
      json: { language: 'de', scope: 'missing', method: 'machine', kinds: ['project'] },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const id = created.body.job._id
    const total = created.body.job.total
    expect(total).toBeGreaterThanOrEqual(5)

    const paused = await until(
      () => jobOf(id),
      (job) => job.state === 'paused',
    )
    expect(paused).toMatchObject({ state: 'paused', done: 0, message: expect.stringContaining('allowance') })
    expect(deepl.requests.filter((r) => r.path === '/v2/translate')).toHaveLength(0)

    await server.close()
    server = await start()
    await server.login()
    const finished = await until(
      () => jobOf(id),
      (job) => job.state === 'finished',
    )
    expect(finished).toMatchObject({
      state: 'finished',
      done: total,
      failed: 0,
      message: null,
      finishedAt: expect.any(String),
    })

    const sent = deepl.requests.filter((r) => r.path === '/v2/translate').flatMap((r) => r.body.text as string[])
    expect(sent).toHaveLength(total)
    expect(new Set(sent).size).toBe(total)

    const [original] = (await server.call('GET', '/api/admin/get-projects')).body
    const [german] = (await server.call('GET', `/api/admin/get-project-translations/${original._id}`)).body.filter(
      (p: { language: string }) => p.language === 'de',
    )
    const read = (await server.call('GET', `/api/admin/get-project/${german._id}`)).body
    expect(read.publishStatus).toBe('draft')
    const text = read.draft ?? read
    expect(text.description).toBe('ES:A villa of 640 m² by the sea. ES:It has 5 beds. ES:The garden is large.')
    expect(text.amenities[0].title).toBe('ES:Private pool')

    // Its end on the dashboard's attention list, with what was done and what failed.
    const attention = (await server.call('GET', '/api/admin/attention')).body as { kind: string; label: string }[]
    expect(attention.filter((item) => item.kind === 'translation-job-finished')).toEqual([
      {
        kind: 'translation-job-finished',
        count: 1,
        label: `Translation job into Deutsch finished: ${total} done, 0 failed`,
        href: '/admin/translation-jobs',
      },
    ])
  })
})
