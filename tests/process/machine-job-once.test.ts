import { afterAll, describe, expect, it } from 'vitest'
import { deeplEnv, type FakeDeepl, startFakeDeepl } from '../support/fake-deepl.js'
import { ADMIN_ENV, cleanUpProcesses, sleep, startServer, tempDataDir, type ChildServer } from './child-server.js'
import { dropCreatedDatabases, freshDatabase } from './postgres-databases.js'

// Issue 41, item 4: machine jobs that finish once. A job killed with SIGKILL half-way goes on
// after the restart where it stopped; two instances on one PostgreSQL database share one job.
// Each sentence is answered by the provider once and counted once (the only sentences ever sent
// again are those of a request a kill left unanswered).
const START_MS = 120_000
const SENTENCES = 65 // four batches of 20 (machine-runner.ts): the title and 64 of these
const ROOMS = ['hall', 'kitchen', 'study', 'library', 'gym', 'spa', 'bar', 'den']
const WINGS = ['north', 'south', 'east', 'west', 'garden', 'pool', 'upper', 'lower']
// Sentences without numbers (a number is a protected span: they would all read alike).
const DESCRIPTION = Array.from(
  { length: SENTENCES - 1 },
  (_, i) => `The ${ROOMS[i % ROOMS.length]} of the ${WINGS[Math.floor(i / ROOMS.length)]} wing looks at the sea.`,
).join(' ')

afterAll(async () => {
  await cleanUpProcesses()
  await dropCreatedDatabases()
}, 60_000)

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await sleep(100)
  }
}

const serverEnv = (deepl: FakeDeepl, more: Record<string, string> = {}) => ({
  ...ADMIN_ENV,
  SEED_DEMO: 'false',
  ...deeplEnv(deepl),
  MT_JOB_LEASE_SECONDS: '2',
  ...more,
})

/** German, a project of SENTENCES sentences, and a machine job for it: answers the job's id. */
async function createJob(server: ChildServer, token: string) {
  await server.call('POST', '/api/admin/add-language', { token, json: { name: 'Deutsch', code: 'de' } })
  const added = await server.call('POST', '/api/admin/add-project', {
    token,
    json: { title: 'Villa Once', description: DESCRIPTION },
  })
  expect(added.status, JSON.stringify(added.body)).toBe(200)
  const created = await server.call('POST', '/api/admin/translation-jobs', {
    token,
    json: { language: 'de', scope: 'missing', method: 'machine', kinds: ['project'] },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  expect(created.body.job.total).toBe(SENTENCES)
  return { jobId: created.body.job._id as string, projectId: added.body.project._id as string }
}

const jobOf = async (server: ChildServer, token: string, id: string) =>
  (await server.call('GET', `/api/admin/translation-jobs/${id}`, { token })).body.job

/** The job finished, every sentence answered once and counted once, the draft whole and in order. */
async function expectDoneOnce(
  server: ChildServer,
  token: string,
  deepl: FakeDeepl,
  ids: { jobId: string; projectId: string },
) {
  const finished = await until(
    'the job finished',
    () => jobOf(server, token, ids.jobId),
    (job) => job.state === 'finished',
  )
  expect(finished).toMatchObject({ done: SENTENCES, failed: 0 })
  const answered = deepl.answered.flat()
  expect(answered).toHaveLength(SENTENCES)
  expect(new Set(answered).size).toBe(SENTENCES)
  const usage = (await server.call('GET', '/api/admin/machine-translation', { token })).body.usage
  expect(usage.characters).toBe(answered.reduce((sum, text) => sum + text.length, 0))
  const translations = await server.call('GET', `/api/admin/get-project-translations/${ids.projectId}`, { token })
  const german = translations.body.find((p: { language: string }) => p.language === 'de')
  const read = (await server.call('GET', `/api/admin/get-project/${german._id}`, { token })).body
  const text = read.draft ?? read
  expect(text.title).toBe('ES:Villa Once')
  expect(text.description).toBe(
    DESCRIPTION.split(/(?<=\.) /)
      .map((s) => `ES:${s}`)
      .join(' '),
  )
}

describe('a machine translation job killed half-way', () => {
  it(
    'finishes after the restart, each sentence answered and counted once',
    async () => {
      const deepl = await startFakeDeepl()
      deepl.holdAfter = 2 // the third request is in flight when the server is killed
      const dataDir = await tempDataDir()
      const first = await startServer({ dataDir, env: serverEnv(deepl) }, START_MS)
      const ids = await createJob(first, await first.login())

      // Two batches answered (and stored: a batch is sent only once the one before it is), the
      // third held by the provider: killed now. The record is written whole at the end.
      await until(
        'two batches answered, a third in flight',
        async () => ({ answered: deepl.answered.length, held: deepl.held }),
        (seen) => seen.answered === 2 && seen.held === 1,
      )
      first.child.kill('SIGKILL')
      expect((await first.exited).signal).toBe('SIGKILL')
      deepl.holdAfter = Infinity

      const second = await startServer({ dataDir, env: serverEnv(deepl) }, START_MS)
      await expectDoneOnce(second, await second.login(), deepl, ids)
      expect((await second.stop()).code).toBe(0)
      await deepl.close()
    },
    4 * START_MS,
  )
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database, one machine job', () => {
  it(
    'does each sentence once between them',
    async () => {
      const deepl = await startFakeDeepl()
      deepl.delayMs = 800 // a slow engine: the job outlasts the other instance's next look (2 s)
      const env = serverEnv(deepl, { DATABASE_URL: await freshDatabase() })
      const [a, b] = await Promise.all([
        startServer({ dataDir: await tempDataDir(), env }, START_MS),
        startServer({ dataDir: await tempDataDir(), env }, START_MS),
      ])
      const token = await a.login()
      const ids = await createJob(a, token)
      await expectDoneOnce(b, await b.login(), deepl, ids)
      expect((await a.stop()).code).toBe(0)
      expect((await b.stop()).code).toBe(0)
      await deepl.close()
    },
    4 * START_MS,
  )
})
