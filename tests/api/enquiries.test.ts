// Over 300 lines: the enquiry API's contract (fields, limits, honeypot, delivery, retries, CSV)
// shares one server and SMTP peer.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENQUIRY_SUBJECT } from '../../src/shared/constants.js'
import { freePort } from '../support/free-port.js'
import { startSmtp } from '../support/smtp-peer.js'
import { until } from '../support/wait-for.js'
import { createTestDatabase } from '../support/test-database.js'
import { buildEnquiry } from '../../src/server/seed/factories.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

const SEND = '/api/admin/send-email'
const CONTACT_TO = 'sales@villas.test'

const enquiry = (overrides: Record<string, unknown> = {}) => ({
  ...buildEnquiry({
    email: 'ana.garcia@example.com',
    phone: '+34 600 123 456',
    message: 'We own a plot in Benahavís and would like a four-bedroom villa.',
    subject: ENQUIRY_SUBJECT,
  }),
  ...overrides,
})

async function enquiries(server: TestServer) {
  const res = await server.call('GET', '/api/admin/get-enquiries')
  expect(res.status).toBe(200)
  return res.body as any[]
}

/** Sends one enquiry and answers it as the admin API shows it. */
async function sendAndFind(server: TestServer, overrides: Record<string, unknown> = {}) {
  const body = enquiry({ message: `enquiry ${Math.random().toString(36).slice(2)}`, ...overrides })
  const res = await server.call('POST', SEND, { json: body, token: null })
  expect(res.status).toBe(200)
  const found = (await enquiries(server)).find((e) => e.message === body.message)
  expect(found).toBeDefined()
  return found
}

/** get-enquiry answers the bare Enquiry (single-record reads are not wrapped). */
async function enquiryById(server: TestServer, id: string) {
  const res = await server.call('GET', `/api/admin/get-enquiry/${id}`)
  expect(res.status).toBe(200)
  expect(res.body._id).toBe(id)
  return res.body
}

describe('send-email and the admin enquiry list', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startSignedIn({ limits: { sendEmailPerIpPer15Min: 1000 } })
  })
  afterAll(() => server?.close())

  it.each([
    ['fname', /First name/],
    ['lname', /Last name/],
    ['email', /E-mail/],
    ['phone', /Phone/],
    ['message', /Message/],
  ])('requires %s, missing or blank', async (field, label) => {
    const before = (await enquiries(server)).length
    const missing: Record<string, unknown> = enquiry()
    delete missing[field]
    for (const body of [missing, enquiry({ [field]: '   ' })]) {
      const res = await server.call('POST', SEND, { json: body, token: null })
      expect(res.status).toBe(400)
      expect(res.body.field).toBe(field)
      expect(res.body.message).toMatch(label)
      expect(res.body.message).toMatch(/required/)
    }
    expect(await enquiries(server)).toHaveLength(before)
  })

  it.each(['not-an-email', 'ana@', '@example.com', 'ana garcia@example.com', 'ana@example.com\r\nBcc: evil@x.test'])(
    'refuses the e-mail address %j',
    async (email) => {
      const res = await server.call('POST', SEND, { json: enquiry({ email }), token: null })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ field: 'email', message: expect.stringMatching(/E-mail/) })
    },
  )

  it('accepts only the two services, as a comma-joined string or a list', async () => {
    expect((await sendAndFind(server, { services: 'Design & Build,Renovation' })).services).toBe(
      'Design & Build, Renovation',
    )
    expect((await sendAndFind(server, { services: ['Renovation'] })).services).toBe('Renovation')
    expect((await sendAndFind(server, { services: ['Renovation', 'Renovation'] })).services).toBe('Renovation')
    expect((await sendAndFind(server, { services: '' })).services).toBe('')
    expect((await sendAndFind(server, { services: undefined })).services).toBe('')

    for (const services of ['Plumbing', 'Design & Build, Plumbing', ['Design & Build', 'Swimming pools'], 42, [1]]) {
      const res = await server.call('POST', SEND, { json: enquiry({ services }), token: null })
      expect(res.status, JSON.stringify(services)).toBe(400)
      expect(res.body.field).toBe('services')
      expect(res.body.message).toMatch(/Services/)
    }
  })

  it('takes JSON only', async () => {
    const form = new FormData()
    for (const [key, value] of Object.entries(enquiry())) form.append(key, value)
    const res = await server.call('POST', SEND, { form, token: null })
    expect(res.status).toBe(415)
    expect(res.body.message).toMatch(/JSON/)
  })

  it('answers a filled honeypot as usual but stores nothing', async () => {
    const before = await enquiries(server)
    const normal = await server.call('POST', SEND, { json: enquiry(), token: null })
    const bot = await server.call('POST', SEND, {
      json: enquiry({ message: 'bot text', website: 'http://spam.test' }),
      token: null,
    })
    expect(bot.status).toBe(200)
    expect(bot.body).toEqual(normal.body)
    const after = await enquiries(server)
    expect(after).toHaveLength(before.length + 1)
    expect(after.some((e) => e.message === 'bot text')).toBe(false)
  })

  it('stores the enquiry before answering, and lists it newest first for the admin only', async () => {
    const first = await sendAndFind(server, { message: 'first of two' })
    const second = await sendAndFind(server, { message: 'second of two', fname: '  Bo ', email: ' bo@example.com ' })
    const list = await enquiries(server)
    expect(list[0]._id).toBe(second._id)
    expect(list[1]._id).toBe(first._id)
    const times = list.map((e) => Date.parse(e.createdAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(second).toMatchObject({
      fname: 'Bo',
      lname: 'García',
      email: 'bo@example.com',
      phone: '+34 600 123 456',
      subject: ENQUIRY_SUBJECT,
      deliveryStatus: 'pending',
      deliveryAttempts: 0,
      handledAt: null,
    })

    for (const url of ['/api/admin/get-enquiries', `/api/admin/get-enquiry/${first._id}`]) {
      const anonymous = await server.call('GET', url, { token: null })
      expect(anonymous.status).toBe(401)
      expect(JSON.stringify(anonymous.body)).not.toContain('first of two')
    }
  })

  it('exports CSV that no spreadsheet runs as formulas, with comma or semicolon separators', async () => {
    await sendAndFind(server, {
      fname: '=HYPERLINK("http://evil.test","x")',
      lname: '@SUM(1+1)',
      phone: '+34 600 000 000',
      message: 'x;=1+1;\nsee,-2+3; "=cmd|calc"',
    })
    const res = await fetch(`${server.url}/api/admin/enquiries.csv`, {
      headers: { authorization: `Bearer ${await server.login()}` },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const csv = await res.text()
    // Read as a spreadsheet set to either separator would, ignoring the quoting.
    for (const separator of [',', ';']) {
      const cells = csv.split(/\r?\n/).flatMap((line) => line.split(separator))
      const live = cells.filter((cell) => /^[\s"]*[=+\-@\t\r]/.test(cell))
      expect(live, `split on "${separator}"`).toEqual([])
    }
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`)
    expect(csv).toContain(`"x;'=1+1;`)
  })

  it('marks an enquiry handled and back, and 404s unknown ids', async () => {
    const stored = await sendAndFind(server)
    const url = `/api/admin/update-enquiry/${stored._id}`
    expect((await server.call('PUT', url, { json: { handled: true }, token: null })).status).toBe(401)

    const handled = await server.call('PUT', url, { json: { handled: true } })
    expect(handled.status).toBe(200)
    expect(Date.parse(handled.body.enquiry.handledAt)).toBeGreaterThan(Date.now() - 60_000)
    expect((await enquiryById(server, stored._id)).handledAt).toBe(handled.body.enquiry.handledAt)

    const bad = await server.call('PUT', url, { json: { handled: 'yes' } })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('handled')

    const reopened = await server.call('PUT', url, { json: { handled: false } })
    expect(reopened.body.enquiry.handledAt).toBeNull()

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await server.call('GET', `/api/admin/get-enquiry/${id}`)
      expect(missing.status).toBe(404)
      expect(missing.body.message).toBe('Enquiry not found')
      expect((await server.call('PUT', `/api/admin/update-enquiry/${id}`, { json: { handled: true } })).status).toBe(
        404,
      )
    }
  })
})

describe('send-email rate limit', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startSignedIn({ limits: { sendEmailPerIpPer15Min: 3 } })
  })
  afterAll(() => server?.close())

  it('answers 429 with a JSON message after the limit, and stores nothing more', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 3; i++)
      statuses.push((await server.call('POST', SEND, { json: enquiry({ message: `try ${i}` }), token: null })).status)
    expect(statuses).toEqual([200, 200, 200])
    const limited = await server.call('POST', SEND, { json: enquiry({ message: 'one too many' }), token: null })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('content-type')).toMatch(/application\/json/)
    expect(limited.body).toEqual({ message: expect.any(String) })
    expect(limited.body.message.length).toBeGreaterThan(0)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await enquiries(server)).map((e) => e.message).sort()).toEqual(['try 0', 'try 1', 'try 2'])
    // Other routes are not limited by it.
    expect((await server.call('GET', '/api/admin/get-languages', { token: null })).status).toBe(200)
  })
})

describe('mail delivery over SMTP', () => {
  const cleanup: (() => Promise<unknown>)[] = []
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {})
  })

  async function mailServer(
    port: number,
    options: { database?: Awaited<ReturnType<typeof createTestDatabase>>; dataDir?: string } = {},
  ) {
    const server = await startTestServer({
      ...options,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, CONTACT_TO },
      mailRetryBaseMs: 200,
    })
    cleanup.push(() => server.close())
    await server.login()
    return server
  }

  it('mails the enquiry to CONTACT_TO with the name in the subject and Reply-To the visitor', async () => {
    const smtp = await startSmtp()
    cleanup.push(smtp.close)
    const server = await mailServer(smtp.port)
    const message = 'Line one of the brief.\n.\nA line with only a dot above, and <b>markup</b> & more.'
    const stored = await sendAndFind(server, {
      message,
      services: ['Design & Build', 'Renovation'],
      subject: 'URGENT: update your bank details',
    })

    const { parsed, envelopeTo } = await smtp.nextMail()
    expect(envelopeTo).toEqual([CONTACT_TO])
    expect(parsed.to).toMatchObject({ value: [{ address: CONTACT_TO }] })
    // The server's words and the visitor's name, never the form's subject field.
    expect(parsed.subject).toBe(`${ENQUIRY_SUBJECT} from Ana García`)
    expect(stored.subject).toBe('URGENT: update your bank details')
    expect(parsed.replyTo?.value).toEqual([{ address: 'ana.garcia@example.com', name: 'Ana García' }])
    expect(parsed.text).toContain(message)
    expect(parsed.text).toContain('+34 600 123 456')
    expect(parsed.text).toContain('Design & Build, Renovation')
    expect(parsed.html).toContain('&lt;b&gt;markup&lt;/b&gt; &amp; more')
    expect(parsed.messageId).toContain(stored._id)

    const sent = await until('deliveryStatus sent', async () => {
      const current = await enquiryById(server, stored._id)
      return current.deliveryStatus === 'sent' && current
    })
    expect(sent).toMatchObject({ deliveryAttempts: 1, lastError: null })
    expect(Date.parse(sent.deliveredAt)).toBeGreaterThanOrEqual(Date.parse(sent.createdAt))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received).toHaveLength(1)
  })

  it('keeps line breaks from visitor fields out of the headers', async () => {
    const smtp = await startSmtp()
    cleanup.push(smtp.close)
    const server = await mailServer(smtp.port)
    await sendAndFind(server, {
      fname: 'Eve\r\nBcc: evil@x',
      lname: 'Smith\nX-Injected: yes',
      subject: 'Hello\r\nCc: evil2@x',
    })
    const { parsed, raw, envelopeTo } = await smtp.nextMail()
    expect(envelopeTo).toEqual([CONTACT_TO])
    expect(parsed.bcc).toBeUndefined()
    expect(parsed.cc).toBeUndefined()
    expect(parsed.headers.has('bcc')).toBe(false)
    expect(parsed.headers.has('cc')).toBe(false)
    expect(parsed.headers.has('x-injected')).toBe(false)
    const headerBlock = raw.slice(0, raw.indexOf('\r\n\r\n'))
    expect(headerBlock).not.toMatch(/^(bcc|cc|x-injected):/im)
    expect(parsed.subject).toContain('Eve Bcc: evil@x Smith X-Injected: yes')
  })

  it('retries while SMTP is down and delivers once it is up', async () => {
    const port = await freePort()
    const server = await mailServer(port)
    const stored = await sendAndFind(server)

    const pending = await until('a failed attempt', async () => {
      const current = await enquiryById(server, stored._id)
      return current.deliveryAttempts >= 1 && current
    })
    expect(pending.deliveryStatus).toBe('pending')
    expect(pending.lastError).toMatch(/\S/)
    expect(pending.deliveredAt).toBeNull()

    const smtp = await startSmtp(port)
    cleanup.push(smtp.close)
    const { parsed } = await smtp.nextMail(8_000)
    expect(parsed.text).toContain(stored.message)
    const sent = await until('deliveryStatus sent', async () => {
      const current = await enquiryById(server, stored._id)
      return current.deliveryStatus === 'sent' && current
    })
    expect(sent.lastError).toBeNull()
    expect(sent.deliveryAttempts).toBeGreaterThan(pending.deliveryAttempts)
    expect(smtp.received).toHaveLength(1)
  })

  /** A database and data folder that outlive a server, for a restart; removed after the test. */
  async function restartableStore(prefix: string) {
    const database = await createTestDatabase()
    const dataDir = await mkdtemp(path.join(tmpdir(), prefix))
    cleanup.push(
      () => rm(dataDir, { recursive: true, force: true }),
      () => database.close(),
    )
    return { database, dataDir }
  }

  it('delivers after a restart what was left pending', async () => {
    const { database, dataDir } = await restartableStore('villa-restart-')
    const port = await freePort()

    const first = await mailServer(port, { database, dataDir })
    const stored = await sendAndFind(first)
    await until('a failed attempt', async () => (await enquiryById(first, stored._id)).deliveryAttempts >= 1)
    await first.close()

    const smtp = await startSmtp(port)
    cleanup.push(smtp.close)
    const second = await mailServer(port, { database, dataDir })
    const { parsed } = await smtp.nextMail(8_000)
    expect(parsed.text).toContain(stored.message)
    await until('deliveryStatus sent', async () => (await enquiryById(second, stored._id)).deliveryStatus === 'sent')
  })

  it('mails what was stored while SMTP_URL was unset once a restart configures it', async () => {
    const { database, dataDir } = await restartableStore('villa-nosmtp-')

    const first = await startTestServer({ database, dataDir })
    await first.login()
    const stored = await sendAndFind(first)
    await first.close() // waits for the outbox pass that found no transport

    const smtp = await startSmtp()
    cleanup.push(smtp.close)
    const second = await mailServer(smtp.port, { database, dataDir })
    const { parsed } = await smtp.nextMail(8_000)
    expect(parsed.text).toContain(stored.message)
    await until('deliveryStatus sent', async () => (await enquiryById(second, stored._id)).deliveryStatus === 'sent')
  })
})
