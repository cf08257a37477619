import { afterAll, describe, expect, it } from 'vitest'
import { startFakeDeepl } from '../support/fake-deepl.js'
import { ADMIN_ENV, cleanUpProcesses, sleep, startServer, tempDataDir, type ChildServer } from './child-server.js'

// Issue 41, item 4: a machine job killed with SIGKILL half-way goes on after the restart where it
// stopped. Each sentence is answered by the provider once and counted once; the only sentences
// sent again are those of the one request the kill left unanswered.
const START_MS = 120_000
const SENTENCES = 65 // four batches of 20 (machine-runner.ts): the title and 64 of these
const ROOMS = ['hall', 'kitchen', 'study', 'library', 'gym', 'spa', 'bar', 'den']
const WINGS = ['north', 'south', 'east', 'west', 'garden', 'pool', 'upper', 'lower']

afterAll(cleanUpProcesses, 60_000)

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await sleep(100)
  }
}

describe('a machine translation job killed half-way', () => {
  it(
    'finishes after the restart, each sentence answered and counted once',
    async () => {
      const deepl = await startFakeDeepl()
      deepl.holdAfter = 2 // the third request is in flight when the server is killed
      const dataDir = await tempDataDir()
      const env = {
        ...ADMIN_ENV,
        SEED_DEMO: 'false',
        DEEPL_API_KEY: 'test-key:fx',
        DEEPL_API_URL: deepl.url,
        MT_JOB_LEASE_SECONDS: '2',
      }
      const first: ChildServer = await startServer({ dataDir, env }, START_MS)
      let token = await first.login()
      await first.call('POST', '/api/admin/add-language', { token, json: { name: 'Deutsch', code: 'de' } })
      // Sentences without numbers (a number is a protected span: they would all read alike).
      const description = Array.from(
        { length: SENTENCES - 1 },
        (_, i) => `The ${ROOMS[i % ROOMS.length]} of the ${WINGS[Math.floor(i / ROOMS.length)]} wing looks at the sea.`,
      ).join(' ')
      const added = await first.call('POST', '/api/admin/add-project', {
        token,
        json: { title: 'Villa Kill', description },
      })
      expect(added.status, JSON.stringify(added.body)).toBe(200)
      const created = await first.call('POST', '/api/admin/translation-jobs', {
        token,
        json: { language: 'de', scope: 'missing', method: 'machine', kinds: ['project'] },
      })
      expect(created.status, JSON.stringify(created.body)).toBe(200)
      const { _id: id, total } = created.body.job
      expect(total).toBe(SENTENCES)

      // Two batches answered (and stored: a batch is sent only once the one before it is), the
      // third held by the provider: killed now. The record is written whole at the end, so
      // `done` stays 0 until then.
      const jobOn = (server: ChildServer) => async () =>
        (await server.call('GET', `/api/admin/translation-jobs/${id}`, { token })).body.job
      await until(
        'two batches answered, a third in flight',
        async () => ({ answered: deepl.answered.length, held: deepl.held }),
        (seen) => seen.answered === 2 && seen.held === 1,
      )
      expect((await jobOn(first)()).state).toBe('running')
      first.child.kill('SIGKILL')
      expect((await first.exited).signal).toBe('SIGKILL')
      deepl.holdAfter = Infinity

      const second = await startServer({ dataDir, env }, START_MS)
      token = await second.login()
      const finished = await until('the job finished', jobOn(second), (job) => job.state === 'finished')
      expect(finished).toMatchObject({ done: total, failed: 0 })

      // Every sentence answered exactly once, in one of the answered requests.
      const answered = deepl.answered.flat()
      expect(answered).toHaveLength(total)
      expect(new Set(answered).size).toBe(total)
      // Counted once: the month's characters are those of the answered requests alone.
      const usage = (await second.call('GET', '/api/admin/machine-translation', { token })).body.usage
      expect(usage.characters).toBe(answered.reduce((sum, text) => sum + text.length, 0))
      // The German draft holds every sentence, in order.
      const translations = await second.call('GET', `/api/admin/get-project-translations/${added.body.project._id}`, {
        token,
      })
      const german = translations.body.find((p: { language: string }) => p.language === 'de')
      const read = (await second.call('GET', `/api/admin/get-project/${german._id}`, { token })).body
      expect((read.draft ?? read).description).toBe(
        description
          .split(/(?<=\.) /)
          .map((s) => `ES:${s}`)
          .join(' '),
      )
      expect((await second.stop()).code).toBe(0)
      await deepl.close()
    },
    4 * START_MS,
  )
})
