// Over 300 lines: every lead feature (context, consent, filters, erasure, retention, webhook) is
// checked against one server and SMTP peer; starting them per file would cost more than it reads.
import { createHmac } from 'node:crypto'
import http from 'node:http'
import type net from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSENT_TEXT_VERSION, ENQUIRY_SUBJECT } from '../../src/shared/constants.js'
import { CONSENT_LABEL } from '../../src/shared/privacy-policy.js'
import { CONSENT_REQUIRED } from '../../src/shared/schemas/enquiry.schema.js'
import { ensureLeadTexts } from '../../src/server/seed/lead-pages.js'
import { deliveries, enquiries as enquiriesTable } from '../../src/server/db/schema.js'
import { freePort } from '../support/free-port.js'
import { projectApi } from '../support/project-api.js'
import { startSmtp } from '../support/smtp-peer.js'
import { buildEnquiry } from '../../src/server/seed/factories.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'
import { until } from '../support/wait-for.js'

// Issue 11: what an enquiry carries beyond the visitor's fields, where it goes, and how it ends.

const SEND = '/api/admin/send-email'
const SECRET = 'a-webhook-secret-of-some-length'
const CAMPAIGN = {
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'villas-autumn',
  utm_term: 'villa marbella',
  utm_content: 'ad-2',
  gclid: 'Cj0KCQ-test',
  fbclid: 'IwAR-test',
}

const enquiry = (overrides: Record<string, unknown> = {}) => ({
  ...buildEnquiry({
    email: 'ana.garcia@example.com',
    phone: '+34 600 123 456',
    message: `lead ${Math.random().toString(36).slice(2)}`,
    subject: ENQUIRY_SUBJECT,
  }),
  ...overrides,
})

async function send(server: TestServer, body: Record<string, unknown>) {
  const res = await server.call('POST', SEND, { json: body, token: null })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  const list = await server.call('GET', '/api/admin/get-enquiries')
  const found = (list.body as any[]).find((e) => e.message === body.message)
  expect(found).toBeDefined()
  return found
}

const csvOf = async (server: TestServer, query = '') => {
  const res = await fetch(`${server.url}/api/admin/enquiries.csv${query}`, {
    headers: { authorization: `Bearer ${await server.login()}` },
  })
  expect(res.status).toBe(200)
  return res.text()
}

describe('the context of an enquiry', () => {
  let server: TestServer
  let project: any
  let translation: any
  const cleanup: (() => Promise<unknown>)[] = []
  let smtp: Awaited<ReturnType<typeof startSmtp>>

  beforeAll(async () => {
    smtp = await startSmtp()
    cleanup.push(smtp.close)
    server = await startTestServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
      mailRetryBaseMs: 200,
      limits: { sendEmailPerIpPer15Min: 1000 },
    })
    cleanup.push(() => server.close())
    await server.login()
    expect(
      (await server.call('POST', '/api/admin/add-language', { json: { name: 'Español', code: 'es' } })).status,
    ).toBe(200)
    const api = projectApi(server)
    project = await api.addProject({ project: { title: 'Villa Brisa, Estepona' } })
    translation = await api.translate(project, { title: 'Villa Brisa en Estepona', translatedSlug: 'villa-brisa-es' })
  })
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {})
  })

  it('keeps the project (looked up by the server), language, page and campaign; mails and exports them', async () => {
    const pageUrl = 'https://villas.test/project/villa-brisa-es?utm_source=google'
    const stored = await send(
      server,
      enquiry({
        project: 'villa-brisa-es',
        // A client's own idea of the title is not a field: it is never stored.
        projectTitle: 'FREE VILLA',
        language: 'es',
        pageUrl,
        ...CAMPAIGN,
        consent: true,
      }),
    )
    expect(stored).toMatchObject({
      project: { _id: translation._id, slug: 'villa-brisa-es', title: 'Villa Brisa en Estepona', language: 'es' },
      language: 'es',
      pageUrl,
      ...CAMPAIGN,
    })
    expect(Date.parse(stored.consentAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(stored.consentVersion).toMatch(new RegExp(`^${CONSENT_TEXT_VERSION}/es/[0-9a-f]{8}$`))
    expect(stored.deliveries).toEqual([expect.objectContaining({ channel: 'mail' })])

    const { parsed } = await smtp.nextMail()
    expect(parsed.subject).toBe(`${ENQUIRY_SUBJECT} from Ana García about Villa Brisa en Estepona [es]`)
    expect(parsed.replyTo?.value).toEqual([{ address: 'ana.garcia@example.com', name: 'Ana García' }])
    expect(parsed.text).toContain('Project: Villa Brisa en Estepona (villa-brisa-es, es)')
    expect(parsed.text).toContain('Language: es')
    expect(parsed.text).toContain(`Sent from: ${pageUrl}`)
    expect(parsed.text).toContain('utm_source=google, utm_medium=cpc, utm_campaign=villas-autumn')
    expect(parsed.text).toContain('gclid=Cj0KCQ-test, fbclid=IwAR-test')
    expect(parsed.text).not.toContain('FREE VILLA')

    const csv = await csvOf(server)
    const header = csv.split('\r\n')[0]!
    for (const column of ['Project', 'Language', 'Page URL', 'utm_source', 'gclid', 'fbclid', 'Consent given']) {
      expect(header).toContain(`"${column}"`)
    }
    const line = csv.split('\r\n').find((l) => l.includes(stored.message))!
    for (const value of ['Villa Brisa en Estepona', 'villa-brisa-es', pageUrl, 'villas-autumn', 'IwAR-test']) {
      expect(line).toContain(`"${value}"`)
    }
  })

  it('records which consent wording was agreed to: rewording it in the admin gives a new version', async () => {
    const first = await send(server, enquiry({ language: 'es', consent: true }))
    expect((await send(server, enquiry({ language: 'es', consent: true }))).consentVersion).toBe(first.consentVersion)
    const english = await send(server, enquiry({ language: 'en', consent: true }))
    const added = await server.call('POST', '/api/admin/add-translation', { json: { page: 'contact' } })
    expect(added.status).toBe(200)
    const reworded = await server.call('PUT', `/api/admin/update-translation/${added.body.translation._id}`, {
      json: { translations: [{ es: { [CONSENT_LABEL]: 'Acepto que usen mis datos para contestarme.' } }] },
    })
    expect(reworded.status).toBe(200)
    const after = await send(server, enquiry({ language: 'es', consent: true }))
    expect(after.consentVersion).toMatch(new RegExp(`^${CONSENT_TEXT_VERSION}/es/[0-9a-f]{8}$`))
    expect(after.consentVersion).not.toBe(first.consentVersion)
    // The English wording did not change, nor its version.
    expect((await send(server, enquiry({ language: 'en', consent: true }))).consentVersion).toBe(english.consentVersion)
  })

  it('finds the project by _id too, and stores none for an unknown one or a language the site lacks', async () => {
    const byId = await send(server, enquiry({ project: project._id }))
    expect(byId.project).toMatchObject({ slug: project.slug, title: 'Villa Brisa, Estepona', language: 'en' })
    const unknown = await send(server, enquiry({ project: 'no-such-villa', language: 'fi' }))
    expect(unknown).toMatchObject({ project: null, language: null })
  })

  it('still takes the spec body alone, and refuses bad context fields with a 400 that names them', async () => {
    const plain = await send(server, enquiry())
    expect(plain).toMatchObject({ project: null, language: null, pageUrl: null, utm_source: null, consentAt: null })
    for (const [field, value] of [
      ['pageUrl', 'javascript:alert(1)'],
      ['pageUrl', 'x'.repeat(3000)],
      ['language', 'not a code'],
      ['utm_source', 'u'.repeat(201)],
      ['consent', 'maybe'],
    ] as const) {
      const res = await server.call('POST', SEND, { json: enquiry({ [field]: value }), token: null })
      expect(res.status, field).toBe(400)
      expect(res.body.field).toBe(field)
    }
    const refused = await server.call('POST', SEND, { json: enquiry({ consent: false }), token: null })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ field: 'consent', message: expect.stringMatching(/privacy policy/) })
  })

  it('filters the list and the CSV by project, language and delivery status', async () => {
    const mine = await send(server, enquiry({ project: 'villa-brisa-es', language: 'es' }))
    const other = await send(server, enquiry({ language: 'en' }))
    const list = async (query: string) => {
      const res = await server.call('GET', `/api/admin/get-enquiries${query}`)
      expect(res.status).toBe(200)
      return (res.body as any[]).map((e) => e._id)
    }
    expect(await list('?project=villa-brisa-es')).toContain(mine._id)
    expect(await list('?project=villa-brisa-es')).not.toContain(other._id)
    expect(await list('?language=en')).toContain(other._id)
    expect(await list('?language=en')).not.toContain(mine._id)
    await until('both mailed', async () => (await list('?status=sent')).includes(other._id))
    expect(await list('?status=pending')).not.toContain(other._id)
    expect((await csvOf(server, '?language=en')).includes(mine.message)).toBe(false)
    const bad = await server.call('GET', '/api/admin/get-enquiries?status=lost')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/status/)
  })
})

describe('erasure and retention', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startSignedIn({ env: { ENQUIRY_RETENTION_MONTHS: '6' }, limits: { sweepEveryMs: 100 } })
  })
  afterAll(() => server?.close())

  it('deletes one enquiry for good, for the admin only', async () => {
    const stored = await send(server, enquiry())
    const url = `/api/admin/delete-enquiry/${stored._id}`
    expect((await server.call('DELETE', url, { token: null })).status).toBe(401)
    const deleted = await server.call('DELETE', url)
    expect(deleted.status).toBe(200)
    expect((await server.call('GET', `/api/admin/get-enquiry/${stored._id}`)).status).toBe(404)
    const again = await server.call('DELETE', url)
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('Enquiry not found')
    expect((await server.call('DELETE', '/api/admin/delete-enquiry/not-an-id')).status).toBe(404)
    const left = await server.database.db
      .select()
      .from(deliveries)
      .where(sql`${deliveries.enquiryId} = ${stored._id}`)
    expect(left).toEqual([])
  })

  it('purges enquiries older than ENQUIRY_RETENTION_MONTHS and keeps newer ones', async () => {
    const old = await send(server, enquiry())
    const recent = await send(server, enquiry())
    await server.database.db
      .update(enquiriesTable)
      .set({ createdAt: sql`now() - interval '7 months'` })
      .where(sql`${enquiriesTable.id} = ${old._id}`)
    await until('the old enquiry to be purged', async () => {
      const res = await server.call('GET', `/api/admin/get-enquiry/${old._id}`)
      return res.status === 404
    })
    expect((await server.call('GET', `/api/admin/get-enquiry/${recent._id}`)).status).toBe(200)
  })

  it('keeps everything when retention is off (the default)', async () => {
    const keeper = await startTestServer({ limits: { sweepEveryMs: 50 } })
    try {
      await keeper.login()
      const old = await send(keeper, enquiry())
      await keeper.database.db
        .update(enquiriesTable)
        .set({ createdAt: sql`now() - interval '10 years'` })
        .where(sql`${enquiriesTable.id} = ${old._id}`)
      await new Promise((resolve) => setTimeout(resolve, 400))
      expect((await keeper.call('GET', `/api/admin/get-enquiry/${old._id}`)).status).toBe(200)
    } finally {
      await keeper.close()
    }
  })
})

/** A local HTTP receiver that keeps every POST (body as sent, headers) and answers 204. */
async function startReceiver(port: number) {
  const received: { body: string; headers: http.IncomingHttpHeaders }[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers })
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('the lead webhook', () => {
  const cleanup: (() => Promise<unknown>)[] = []
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {})
  })

  it('retries while the receiver is down, then delivers every enquiry once, signed', async () => {
    const port = await freePort()
    const server = await startTestServer({
      env: { LEAD_WEBHOOK_URL: `http://127.0.0.1:${port}/leads`, LEAD_WEBHOOK_SECRET: SECRET },
      mailRetryBaseMs: 200,
    })
    cleanup.push(() => server.close())
    await server.login()
    const sent = [] as any[]
    for (let i = 0; i < 3; i++) sent.push(await send(server, enquiry({ language: 'en', ...CAMPAIGN, consent: true })))
    expect(sent[0].deliveries.map((d: any) => d.channel)).toEqual(['mail', 'webhook'])

    const failing = await until('a failed webhook attempt', async () => {
      const res = await server.call('GET', `/api/admin/get-enquiry/${sent[0]._id}`)
      const hook = res.body.deliveries.find((d: any) => d.channel === 'webhook')
      return hook.attempts >= 1 && hook
    })
    expect(failing).toMatchObject({ status: 'pending', lastError: expect.stringMatching(/webhook unreachable/) })
    const pending = await server.call('GET', '/api/admin/get-enquiries?status=pending')
    expect(pending.body.map((e: any) => e._id)).toEqual(expect.arrayContaining(sent.map((e) => e._id)))

    const receiver = await startReceiver(port)
    cleanup.push(receiver.close)
    await until(
      'every webhook delivered',
      async () => {
        const res = await server.call('GET', '/api/admin/get-enquiries')
        return (res.body as any[])
          .filter((e) => sent.some((s) => s._id === e._id))
          .every((e) => e.deliveries.find((d: any) => d.channel === 'webhook').status === 'sent')
      },
      15_000,
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(receiver.received).toHaveLength(3)
    const ids = new Set<string>()
    for (const { body, headers } of receiver.received) {
      const timestamp = Number(headers['x-webhook-timestamp'])
      expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60)
      const expected = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`
      expect(headers['x-signature-256']).toBe(expected)
      expect(headers['content-type']).toBe('application/json')
      const payload = JSON.parse(body)
      expect(payload.event).toBe('enquiry.created')
      expect(headers['x-webhook-id']).toBe(payload.deliveryId)
      expect(payload.enquiry).toMatchObject({ fname: 'Ana', language: 'en', ...CAMPAIGN })
      ids.add(payload.enquiry._id)
    }
    expect([...ids].sort()).toEqual(sent.map((e) => e._id).sort())
  })

  it('is off without LEAD_WEBHOOK_URL (no webhook delivery is recorded), and a URL needs a secret', async () => {
    const server = await startTestServer()
    cleanup.push(() => server.close())
    await server.login()
    const stored = await send(server, enquiry())
    expect(stored.deliveries.map((d: any) => d.channel)).toEqual(['mail'])
    await expect(startTestServer({ env: { LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/leads' } })).rejects.toThrow(
      /LEAD_WEBHOOK_SECRET/,
    )
  })
})

describe('a site made before leads', () => {
  it("gets the privacy page and the forms' Spanish text once, keeping what the admin wrote", async () => {
    const server = await startSignedIn({}, 'es')
    try {
      const added = await server.call('POST', '/api/admin/add-translation', { json: { page: 'contact' } })
      const contactUrl = `/api/admin/update-translation/${added.body.translation._id}`
      const own = { Send: 'Mandar', [CONSENT_LABEL]: 'Mi propio texto.' }
      await server.call('PUT', contactUrl, { json: { translations: [{ es: own }] } })

      await ensureLeadTexts(server.app.ctx)
      const contact = await server.call('GET', '/api/admin/get-translation-page/contact', { token: null })
      expect(contact.body.translations[0].es).toMatchObject({
        ...own,
        [CONSENT_REQUIRED]: 'Acepte la política de privacidad para poder enviar su mensaje.',
      })
      const policy = await server.call('GET', '/api/admin/get-translation-page/privacy-policy', { token: null })
      expect(policy.status).toBe(200)
      expect(policy.body.translations[0].es['Your rights']).toBe('Sus derechos')
      expect(policy.body.translations[0].en['Your rights']).toBe('Your rights')

      // Once: a text the admin removes afterwards stays removed.
      const { [CONSENT_REQUIRED]: _removed, ...kept } = contact.body.translations[0].es
      await server.call('PUT', contactUrl, { json: { translations: [{ es: kept }] } })
      await ensureLeadTexts(server.app.ctx)
      const again = await server.call('GET', '/api/admin/get-translation-page/contact', { token: null })
      expect(again.body.translations[0].es[CONSENT_REQUIRED]).toBeUndefined()
    } finally {
      await server.close()
    }
  })

  it('starts a privacy-policy page the admin adds with the default text to edit', async () => {
    const server = await startSignedIn({}, 'sv')
    try {
      const added = await server.call('POST', '/api/admin/add-translation', { json: { page: 'privacy-policy' } })
      expect(added.status).toBe(200)
      const [text] = added.body.translation.translations
      expect(Object.keys(text).sort()).toEqual(['en', 'sv'])
      expect(text.sv['Your rights']).toBe('Dina rättigheter')
    } finally {
      await server.close()
    }
  })
})
