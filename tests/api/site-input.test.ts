import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest, type RawResponse } from '../support/raw-get.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

// Hostile and broken input to the public site and the API, over real HTTP: nothing is a 500,
// nothing a visitor typed reaches the log, and no enquiry is lost to a stray byte.
const VISITOR_EMAIL = 'private.visitor@example.com'
const logLines: string[] = []
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({
    site: true,
    limits: { sendEmailPerIpPer15Min: 1000 },
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk))
          done()
        },
      }),
    },
  })
  await server.login()
})
afterAll(() => server.close())

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const contactFields = (overrides: Record<string, string> = {}) => ({
  fname: 'Ana',
  lname: 'García',
  email: VISITOR_EMAIL,
  phone: '+34 600 123 456',
  message: 'We would like a villa in Mijas.',
  consent: 'true',
  ...overrides,
})
const post = (path: string, body: string | Buffer, type = 'application/x-www-form-urlencoded') =>
  rawRequest(server.url, path, { method: 'POST', headers: { 'content-type': type }, body })
const json = (response: RawResponse) => JSON.parse(response.body.toString()) as { message: string }
const enquiries = async () => (await server.call('GET', '/api/admin/get-enquiries')).body as { fname: string }[]

describe('site POSTs', () => {
  it('are refused with 405 on pages without a form, without touching the enquiry allowance', async () => {
    const limited = await startTestServer({ site: true, limits: { sendEmailPerIpPer15Min: 2 } })
    try {
      const postTo = (path: string) =>
        rawRequest(limited.url, path, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form(contactFields()),
        })
      for (const path of ['/about', '/', '/es/all-projects', '/privacy-policy', '/about', '/']) {
        const refused = await postTo(path)
        expect(refused.status, path).toBe(405)
        expect(refused.headers.allow).toBe('GET, HEAD')
        expect(json(refused).message).toBe('This page does not take a form')
      }
      expect((await postTo('/contact')).status).toBe(200)
      expect((await postTo('/contact')).status).toBe(200)
      expect((await postTo('/contact')).status).toBe(429)
    } finally {
      await limited.close()
    }
  })

  it('takes no enquiry on the page of a project that does not exist', async () => {
    const before = (await enquiries()).length
    const sent = await post('/project/no-such-villa', form(contactFields({ fname: 'Ghost' })))
    expect(sent.status).toBe(302)
    expect(sent.headers.location).toBe('/404')
    expect(await enquiries()).toHaveLength(before)
  })

  it('refuses a body over 64 KB with 413 before reading it whole, announced or chunked', async () => {
    const huge = form(contactFields({ message: 'x'.repeat(20 * 1024 * 1024) }))
    const announced = await post('/contact', huge)
    expect(announced.status).toBe(413)
    expect(json(announced).message).toBe('The form is larger than 64 KB')
    expect(announced.body.length).toBeLessThan(200)
    const chunked = await rawRequest(server.url, '/es/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
      body: form(contactFields({ message: 'y'.repeat(200 * 1024) })),
    }).catch((error: NodeJS.ErrnoException) => ({ status: error.code, body: Buffer.alloc(0) }))
    // The server answers 413 and closes; the client may see the answer or a reset mid-upload.
    expect([413, 'ECONNRESET', 'EPIPE']).toContain(chunked.status)
  })

  it('echoes no more of a refused form than each field takes', async () => {
    const tooLong = 'z'.repeat(40_000)
    const refused = await post('/contact', form(contactFields({ message: tooLong, fname: 'q'.repeat(3000) })))
    expect(refused.status).toBe(400)
    const page = refused.body.toString()
    expect(page).toContain('First name must be at most 100 characters')
    expect(page).not.toContain('z'.repeat(5001))
    expect(page).not.toContain('q'.repeat(101))
  })

  it('stores an enquiry whose fields carry NUL and other control bytes, without them', async () => {
    const sent = await post(
      '/contact',
      form(contactFields({ fname: 'Nul\u0000la', message: 'Hola\u0000\u0007 mundo' })),
    )
    expect(sent.status).toBe(200)
    expect((await enquiries()).some((e) => e.fname === 'Nulla')).toBe(true)
    const api = await server.call('POST', '/api/admin/send-email', {
      json: { ...contactFields({ fname: 'Api\u0000Nul' }), services: '' },
    })
    expect(api.status).toBe(200)
    expect((await enquiries()).some((e) => e.fname === 'ApiNul')).toBe(true)
  })

  it("takes a ticked box as a browser without a value attribute sends it ('on'), and refuses an unticked one", async () => {
    expect((await post('/contact', form(contactFields({ fname: 'Checkbox On', consent: 'on' })))).status).toBe(200)
    expect((await enquiries()).some((e) => e.fname === 'Checkbox On')).toBe(true)
    const { consent: _unticked, ...withoutConsent } = contactFields({ fname: 'No Box' })
    expect((await post('/contact', form(withoutConsent))).status).toBe(400)
    expect((await enquiries()).some((e) => e.fname === 'No Box')).toBe(false)
  })

  it('answers broken and unexpected bodies with a 4xx and a message', async () => {
    const truncated = await post(
      '/contact',
      '--XyZ\r\nContent-Disposition: form-data; name="fname"\r\n\r\nAna\r\n--Xy',
      'multipart/form-data; boundary=XyZ',
    )
    expect(truncated.status).toBe(400)
    expect(json(truncated).message).toBe('The form could not be read')
    const text = await post('/contact', 'hello', 'text/plain')
    expect(text.status).toBe(415)
    const badUtf8 = await post('/contact', Buffer.from([0x66, 0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xff, 0xfe, 0x26]))
    expect(badUtf8.status).toBeLessThan(500)
  })
})

describe('addresses and headers', () => {
  it('answers a NUL byte or broken encoding in an address with 400, on pages and the API', async () => {
    for (const path of ['/%00', '/about%00', '/project/%00villa', '/%E0%A4%A', '/es/%c0%af']) {
      const answer = await rawRequest(server.url, path)
      expect(answer.status, path).toBeGreaterThanOrEqual(400)
      expect(answer.status, path).toBeLessThan(500)
    }
    for (const path of [
      '/api/admin/single-project/%00',
      '/api/admin/get-projects/%00',
      '/api/admin/get-translation-page/a%00',
    ]) {
      const answer = await rawRequest(server.url, path)
      expect(answer.status, path).toBeGreaterThanOrEqual(400)
      expect(answer.status, path).toBeLessThan(500)
      expect(json(answer).message, path).toBeTruthy()
    }
  })

  it('renders pages whatever the Host header says, and never for that host', async () => {
    for (const host of ['bad host', '[::1', 'a'.repeat(300), '%%%', 'evil.example:99999']) {
      const answer = await rawRequest(server.url, `/coming-soon?h=${encodeURIComponent(host)}`, { headers: { host } })
      expect(answer.status, host).toBeLessThan(500)
      if (answer.status === 200) expect(answer.body.toString()).not.toContain('evil.example')
    }
  })

  it('answers NUL bytes in JSON the database cannot store with 400', async () => {
    const page = (await server.call('POST', '/api/admin/add-translation', { json: { page: 'nul-test' } })).body
      .translation
    const saved = await server.call('PUT', `/api/admin/update-translation/${page._id}`, {
      json: { translations: [{ en: { 'Key\u0000': 'Value' } }] },
    })
    expect(saved.status).toBe(400)
    expect(saved.body.message).toBeTruthy()
  })

  it('keeps what visitors typed out of the log', async () => {
    expect(logLines.length).toBeGreaterThan(0)
    expect(logLines.join('\n')).not.toContain(VISITOR_EMAIL)
    expect(logLines.join('\n')).not.toContain('García')
  })
})
