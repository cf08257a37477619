import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blob, jpeg } from '../support/images.js'
import { freePort } from '../support/free-port.js'
import { startSmtp } from '../support/smtp-peer.js'
import { until } from '../support/wait-for.js'
import {
  ADMIN_ENV,
  type ChildServer,
  cleanUpProcesses,
  runToExit,
  sleep,
  startServer,
  tempDataDir,
  withTimeout,
} from './child-server.js'
import { dropCreatedDatabases, freshDatabase, onDatabase } from './postgres-databases.js'

// Several server processes on one PostgreSQL database, as in a rolling restart or behind a load
// balancer: content, mail and startup must behave as if there were one.

const LEASE_SECONDS = 3

afterAll(async () => {
  await cleanUpProcesses()
  await dropCreatedDatabases()
}, 60_000)

const enquiry = (message: string) => ({
  fname: 'Ana',
  lname: 'García',
  email: 'ana@example.com',
  phone: '+34 600 000 000',
  message,
})

async function sendEnquiry(server: ChildServer, message: string) {
  const res = await server.call('POST', '/api/admin/send-email', { json: enquiry(message) })
  expect(res.status).toBe(200)
}

/** Messages of the received mails, by Message-ID. */
function mailsById(received: { parsed: { messageId?: string; text?: string } }[]) {
  const byId = new Map<string, number>()
  for (const mail of received) byId.set(mail.parsed.messageId!, (byId.get(mail.parsed.messageId!) ?? 0) + 1)
  return byId
}

it('refuses WORKERS on the embedded database, saying why', async () => {
  const result = await runToExit({ dataDir: await tempDataDir(), env: { WORKERS: '2' } })
  expect(result.code).toBe(1)
  expect(result.output).toMatch(/WORKERS=2 needs PostgreSQL \(set DATABASE_URL\)/)
  expect(result.output).not.toMatch(/\bat .+\.ts:\d+/)
})

describe.skipIf(!process.env.TEST_DATABASE_URL).sequential('two instances on one PostgreSQL database', () => {
  let databaseUrl: string
  let smtpPort: number
  let first: ChildServer
  let second: ChildServer
  let token: string

  beforeAll(async () => {
    databaseUrl = await freshDatabase()
    smtpPort = await freePort()
    const env = {
      ...ADMIN_ENV,
      SEED_DEMO: 'false',
      DATABASE_URL: databaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, // nothing listens there yet
      MAIL_RETRY_SECONDS: '0.5',
      DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS),
      ENQUIRIES_PER_IP_PER_15_MIN: '1000',
    }
    // Started at the same moment on a new database: both migrate, one at a time.
    ;[first, second] = await Promise.all([
      startServer({ dataDir: await tempDataDir(), env }),
      startServer({ dataDir: await tempDataDir(), env }),
    ])
    token = await first.login()
  }, 120_000)

  it('start together on a new database: migrated once, one admin, both serving', async () => {
    const counts = await onDatabase(databaseUrl, async (client) => ({
      migrations: (await client.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n,
      admins: (await client.query('select count(*)::int as n from admins')).rows[0].n,
      languages: (await client.query('select code from languages')).rows.map((r) => r.code),
    }))
    expect(counts).toMatchObject({ admins: 1, languages: ['en'] })
    expect(counts.migrations).toBeGreaterThanOrEqual(2)
    expect(await second.login()).toBeTruthy()
  })

  it('shows a change made through one on the other within a second', async () => {
    const form = new FormData()
    form.append('title', 'Villa Uno')
    form.append('language', 'en')
    form.append('featuredImage', blob(await jpeg(800, 600)), 'f.jpg')
    const created = await fetch(`${first.url}/api/admin/add-project`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }).then((r) => r.json())
    const page = async () => (await fetch(`${second.url}/all-projects`)).text()
    await until('the project on the second instance', async () => (await page()).includes('Villa Uno'), 5_000)
    // The upload's AVIF encoding (seconds of both cores, on either instance) is over, as it is
    // when the team changes a title later; the second is measured, not the encoder.
    await until(
      'the AVIF variants',
      () =>
        onDatabase(databaseUrl, async (client) => {
          return (await client.query('select count(*)::int as n from images where not avif_ready')).rows[0].n === 0
        }),
      60_000,
    )
    await until('the page with its AVIF variants, cached', async () => (await page()).includes('.avif'), 5_000)
    expect(await page()).toContain('Villa Uno') // now cached there

    const retitle = new FormData()
    retitle.append('title', 'Villa Dos')
    const changed = await fetch(`${first.url}/api/admin/update-project/${created.project._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: retitle,
    })
    expect(changed.status).toBe(200)
    const started = Date.now()
    await until('the change on the second instance', async () => (await page()).includes('Villa Dos'), 1_000)
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it('mails each of 20 enquiries taken by both while SMTP was down exactly once when it is back', async () => {
    const messages = Array.from({ length: 20 }, (_, i) => `while down [${i}]`)
    await Promise.all(messages.map((message, i) => sendEnquiry(i % 2 ? first : second, message)))
    await until(
      'failed attempts on both instances',
      async () => /enquiry delivery failed/.test(first.output()) && /enquiry delivery failed/.test(second.output()),
      10_000,
    )

    const smtp = await startSmtp(smtpPort)
    try {
      await until('20 mails', async () => smtp.received.length >= 20, 30_000)
      await sleep(3_000) // time for any second copy to arrive
      const byId = mailsById(smtp.received)
      expect(byId.size).toBe(20)
      expect([...byId.values()].every((n) => n === 1)).toBe(true)
      const texts = smtp.received.map((m) => m.parsed.text ?? '')
      for (const message of messages) expect(texts.filter((t) => t.includes(message))).toHaveLength(1)
      const listed = await second.call('GET', '/api/admin/get-enquiries', { token })
      const ours = listed.body.filter((e: { message: string }) => messages.includes(e.message))
      expect(ours).toHaveLength(20)
      expect(ours.every((e: { deliveryStatus: string }) => e.deliveryStatus === 'sent')).toBe(true)
    } finally {
      await smtp.close()
    }
  }, 60_000)

  it('loses nothing when one instance is killed in the middle of delivering', async () => {
    // A slow mail server keeps deliveries in flight; the second instance is killed among them.
    const smtp = await startSmtp(smtpPort, { delayMs: 700 })
    try {
      const messages = Array.from({ length: 10 }, (_, i) => `in flight [${i}]`)
      for (const message of messages) await sendEnquiry(second, message)
      await until('deliveries under way', async () => smtp.received.length >= 2, 10_000)
      second.child.kill('SIGKILL')
      await withTimeout(second.exited, 5_000, 'the killed instance to exit')
      expect(smtp.received.length).toBeLessThan(messages.length)

      await until(
        'every enquiry mailed',
        async () => {
          const texts = smtp.received.map((m) => m.parsed.text ?? '')
          return messages.every((message) => texts.some((t) => t.includes(message)))
        },
        LEASE_SECONDS * 1000 + 20_000,
      )
      const listed = await first.call('GET', '/api/admin/get-enquiries', { token })
      const ours = listed.body.filter((e: { message: string }) => messages.includes(e.message))
      await until(
        'every enquiry marked sent',
        async () => {
          const now = await first.call('GET', '/api/admin/get-enquiries', { token })
          return now.body
            .filter((e: { message: string }) => messages.includes(e.message))
            .every((e: { deliveryStatus: string }) => e.deliveryStatus === 'sent')
        },
        10_000,
      )
      expect(ours).toHaveLength(10)
      // At most the one mail the killed instance was handing over can arrive twice, and then
      // with the same Message-ID, so the receiver can tell.
      const repeats = [...mailsById(smtp.received.filter((m) => (m.parsed.text ?? '').includes('in flight'))).values()]
      expect(repeats.filter((n) => n > 1).length).toBeLessThanOrEqual(1)
    } finally {
      await smtp.close()
    }
  }, 60_000)

  it('runs WORKERS=2 processes that both serve and stop together', async () => {
    const server = await startServer({
      dataDir: await tempDataDir(),
      env: { ...ADMIN_ENV, SEED_DEMO: 'false', DATABASE_URL: databaseUrl, WORKERS: '2' },
    })
    await until('two workers listening', async () => (server.output().match(/Server listening/g) ?? []).length >= 2)
    const pids = new Set(
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('Server listening'))
        .map((line) => JSON.parse(line).pid as number),
    )
    expect(pids.size).toBe(2)
    expect(pids.has(server.pid)).toBe(false)
    expect((await server.call('GET', '/api/admin/get-languages')).status).toBe(200)
    expect(await server.stop()).toEqual({ code: 0, signal: null })
    expect(server.output().match(/database closed, data folder released/g)).toHaveLength(2)
  }, 60_000)
})
