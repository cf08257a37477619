import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/client.js'
import { admins } from '../../src/server/db/schema.js'
import { selectRows } from '../../src/server/db/select-rows.js'
import { type Dovecot, startDovecot } from '../support/dovecot.js'
import { startSmtp } from '../support/smtp-peer.js'
import { createTestDatabase } from '../support/test-database.js'
import { ADMIN, startTestServer, type TestServer } from '../support/test-server.js'
import { until } from '../support/wait-for.js'

// Issue 42: replies go out through a real SMTP peer and come back through a real Dovecot, which
// two app instances on one database watch at once.
const MAIL_FROM = 'Costa Villas <hello@villas.test>'
const OWNER_EMAIL = 'owner@villas.test'
let database: Database
let dovecot: Dovecot
let smtp: Awaited<ReturnType<typeof startSmtp>>
let first: TestServer
let second: TestServer

const serverOptions = () => ({
  database,
  env: {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    IMAP_URL: dovecot.url,
    MAIL_FROM,
    PUBLIC_URL: 'https://villas.test',
  },
  mailRetryBaseMs: 200,
  enquiryPollMs: 300,
})

beforeAll(async () => {
  ;[database, dovecot, smtp] = await Promise.all([createTestDatabase(), startDovecot(), startSmtp()])
  first = await startTestServer(serverOptions())
  second = await startTestServer({ ...serverOptions(), admin: null })
  await database.db.update(admins).set({ email: OWNER_EMAIL }).where(eq(admins.username, ADMIN.username))
  await first.login()
}, 60_000)
afterAll(async () => {
  await first?.close()
  await second?.close()
  await Promise.all([dovecot?.stop(), smtp?.close()])
  await database?.close()
})

let visitorCount = 0
async function enquire(email?: string) {
  visitorCount++
  const address = email ?? `visitor${visitorCount}@example.com`
  const sent = await first.call('POST', '/api/admin/send-email', {
    json: {
      fname: 'Visitor',
      lname: String(visitorCount),
      email: address,
      phone: `+34 600 000 ${String(100 + visitorCount)}`,
      message: 'Tell me about the villa',
    },
  })
  expect(sent.status).toBe(200)
  const list = await first.call('GET', '/api/admin/get-enquiries')
  return list.body.find((e: any) => e.email === address)
}

const timeline = async (id: string) => (await first.call('GET', `/api/admin/enquiries/${id}/timeline`)).body.items
const mailIns = async (id: string) => (await timeline(id)).filter((i: any) => i.type === 'mail-in')
const mailsTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address))

function rawMail(headers: Record<string, string>, body: string) {
  const lines = Object.entries({ Date: new Date().toUTCString(), 'MIME-Version': '1.0', ...headers })
  return `${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}\r\n`
}

/** A message the watchers have certainly looked at: one appended after it was attached. */
async function settle(id: string, from: string, count: number) {
  await dovecot.append(
    rawMail(
      {
        From: from,
        To: 'hello@villas.test',
        Subject: 'marker',
        'Message-ID': `<m-${randomBytes(6).toString('hex')}@x>`,
        'In-Reply-To': `<enquiry-${id}@costa-del-sol-villas>`,
      },
      'marker',
    ),
  )
  await until('the marker', async () => (await mailIns(id)).length === count + 1, 20_000)
}

describe('answering an enquiry by mail', () => {
  it('sends the reply in the thread from MAIL_FROM, and the visitor’s answer joins the timeline once, by its headers and by the +token', async () => {
    const enquiry = await enquire()
    expect(enquiry.ownerId).toBeTruthy()
    const sent = await first.call('POST', `/api/admin/enquiries/${enquiry._id}/reply`, {
      json: { text: 'Thank you, here are the plans.' },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const reply = await until('the reply', async () => mailsTo(enquiry.email)[0], 15_000)
    const enquiryMessageId = `<enquiry-${enquiry._id}@costa-del-sol-villas>`
    expect(reply.parsed.messageId).toBe(sent.body.messageId)
    expect(reply.parsed.messageId).toMatch(/@villas\.test>$/)
    expect(reply.parsed.inReplyTo).toBe(enquiryMessageId)
    expect(reply.parsed.references).toContain(enquiryMessageId)
    expect(reply.parsed.from!.value[0]!.address).toBe('hello@villas.test')
    const replyTo = reply.parsed.replyTo!.value[0]!.address!
    expect(replyTo).toMatch(/^hello\+[0-9a-f]{32}@villas\.test$/)
    expect(reply.parsed.text).toContain('here are the plans')
    // The owner was told of the assignment, with a link.
    const notice = await until('the assignment notice', async () =>
      mailsTo(OWNER_EMAIL).find((m) => m.parsed.text?.includes(enquiry._id)),
    )
    expect(notice.parsed.text).toContain(`https://villas.test/admin/enquiry/${enquiry._id}`)

    // The visitor answers in the thread (no token: the headers find it); the same message twice.
    const answer = rawMail(
      {
        From: `Visitor <${enquiry.email.toUpperCase()}>`,
        To: 'Costa Villas <hello@villas.test>',
        Subject: 'Re: Thank you',
        'Message-ID': '<answer-1@example.com>',
        'In-Reply-To': sent.body.messageId,
        References: `${enquiryMessageId} ${sent.body.messageId}`,
        'Content-Type': 'text/plain; charset=utf-8',
      },
      'Lovely, can we meet on Friday?',
    )
    await dovecot.append(answer)
    await dovecot.append(answer)
    const [item] = await until(
      'the answer on the timeline',
      async () => {
        const items = await mailIns(enquiry._id)
        return items.length > 0 && items
      },
      20_000,
    )
    expect(item.text).toBe('Lovely, can we meet on Friday?')
    expect(item.subject).toBe('Re: Thank you')
    await until('the owner told of the answer', async () =>
      mailsTo(OWNER_EMAIL).find((m) => m.parsed.subject?.startsWith('A reply came in')),
    )

    // Without thread headers, the +token of the Reply-To finds it.
    await dovecot.append(
      rawMail(
        { From: enquiry.email, To: replyTo, Subject: 'One more thing', 'Message-ID': '<answer-2@example.com>' },
        'And the pool?',
      ),
    )
    await until('the token-matched answer', async () => (await mailIns(enquiry._id)).length === 2, 20_000)
    await settle(enquiry._id, enquiry.email, 2)
    // Both instances watched: each message once, every copy marked read.
    const texts = (await mailIns(enquiry._id)).map((i: any) => i.text)
    expect(texts).toEqual(['Lovely, can we meet on Friday?', 'And the pool?', 'marker'])
    expect(await dovecot.unseen()).toEqual([])
    // Each one in the audit log once, as the server's own change.
    const logged = await selectRows<{ actor_name: string; changes: any }>(
      database.db,
      sql`select actor_name, changes from audit_log where action = 'mail-in' and record_id = ${enquiry._id} order by at`,
    )
    expect(logged.map((l) => [l.actor_name, l.changes.subject.to])).toEqual([
      ['system', 'Re: Thank you'],
      ['system', 'One more thing'],
      ['system', expect.any(String)],
    ])
    // The next reply carries the whole thread.
    const next = await first.call('POST', `/api/admin/enquiries/${enquiry._id}/reply`, {
      json: { text: 'Friday works.' },
    })
    const again = await until('the second reply', async () =>
      mailsTo(enquiry.email).find((m) => m.parsed.messageId === next.body.messageId),
    )
    expect(again.parsed.references).toEqual(
      expect.arrayContaining([
        enquiryMessageId,
        sent.body.messageId,
        '<answer-1@example.com>',
        '<answer-2@example.com>',
      ]),
    )
    expect(again.parsed.subject).toMatch(/^Re: /)
  }, 90_000)

  it('joins nothing when the sender is not the contact (a forged In-Reply-To), and leaves it unread', async () => {
    const victim = await enquire()
    await dovecot.append(
      rawMail(
        {
          From: 'attacker@evil.test',
          To: 'hello@villas.test',
          Subject: 'Re: your villa',
          'Message-ID': '<forged-1@evil.test>',
          'In-Reply-To': `<enquiry-${victim._id}@costa-del-sol-villas>`,
        },
        'Send the deposit here',
      ),
    )
    await settle(victim._id, victim.email, 0)
    const items = await mailIns(victim._id)
    expect(items.map((i: any) => i.text)).toEqual(['marker'])
    expect((await dovecot.unseen()).length).toBe(1)
  }, 60_000)

  it('stores hostile mail as text: scripts, a 10,000-character subject, broken MIME, a 25 MB message', async () => {
    const enquiry = await enquire()
    const thread = `<enquiry-${enquiry._id}@costa-del-sol-villas>`
    await dovecot.append(
      rawMail(
        {
          From: enquiry.email,
          To: 'hello@villas.test',
          Subject: 'S'.repeat(10_000),
          'Message-ID': '<hostile-html@example.com>',
          'In-Reply-To': thread,
          'Content-Type': 'text/html; charset=utf-8',
        },
        '<html><head><style>p{}</style></head><body><script>alert(1)</script><p>Hello <b>there</b> &amp; welcome</p><img src=x onerror=alert(2)></body></html>',
      ),
    )
    await dovecot.append(
      rawMail(
        {
          From: enquiry.email,
          'Message-ID': '<hostile-mime@example.com>',
          'In-Reply-To': thread,
          Subject: 'broken',
          'Content-Type': 'multipart/mixed; boundary="never-closed"',
        },
        '--never-closed\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n%%%not base64%%%\r\n--never-closed\r\nContent-Type: application/octet-stream; name="x.bin"\r\n\r\n\u0000\u0001garbage',
      ),
    )
    const big = randomBytes(18 * 1024 * 1024)
      .toString('base64')
      .replace(/.{76}/g, '$&\r\n')
    const small = Buffer.from('plans attached').toString('base64')
    await dovecot.append(
      rawMail(
        {
          From: enquiry.email,
          'Message-ID': '<hostile-big@example.com>',
          'In-Reply-To': thread,
          Subject: 'the drawings',
          'Content-Type': 'multipart/mixed; boundary="b1"',
        },
        [
          '--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nDrawings attached.',
          `--b1\r\nContent-Type: application/octet-stream; name="big.bin"\r\nContent-Disposition: attachment; filename="big.bin"\r\nContent-Transfer-Encoding: base64\r\n\r\n${big}`,
          `--b1\r\nContent-Type: text/plain; name="notes.txt"\r\nContent-Disposition: attachment; filename="notes.txt"\r\nContent-Transfer-Encoding: base64\r\n\r\n${small}`,
          '--b1--',
        ].join('\r\n'),
      ),
    )
    const items = await until(
      'three hostile mails',
      async () => {
        const found = await mailIns(enquiry._id)
        return found.length === 3 && found
      },
      60_000,
    )
    const html = items.find((i: any) => i.text.includes('Hello'))
    expect(html.text).toContain('Hello there & welcome')
    expect(html.text).not.toMatch(/<|alert|script/)
    expect(html.subject.length).toBeLessThanOrEqual(300)
    const drawings = items.find((i: any) => i.subject === 'the drawings')
    expect(drawings.text).toBe('Drawings attached.')
    expect(drawings.attachments).toEqual([
      expect.objectContaining({ name: 'big.bin', kept: false }),
      expect.objectContaining({ name: 'notes.txt', kept: true, size: 14 }),
    ])
    expect(drawings.attachments[0].size).toBeGreaterThan(10 * 1024 * 1024)
    const file = await first.call(
      'GET',
      `/api/admin/enquiries/${enquiry._id}/attachments/${drawings.attachments[1]._id}`,
    )
    expect([file.status, file.body, file.headers.get('content-type')]).toEqual([
      200,
      'plans attached',
      'application/octet-stream',
    ])
    expect(file.headers.get('content-disposition')).toContain('notes.txt')
    expect(items.find((i: any) => i.subject === 'broken')).toBeTruthy()
    // The detail and the list still answer.
    expect((await first.call('GET', `/api/admin/get-enquiry/${enquiry._id}`)).status).toBe(200)
  }, 120_000)

  it('erasing an enquiry erases its timeline, mails and attachments', async () => {
    const [before] = await selectRows<{ n: string | number }>(
      database.db,
      sql`select count(*) as n from enquiry_attachments`,
    )
    expect(Number(before!.n)).toBeGreaterThan(0)
    const list = (await first.call('GET', '/api/admin/get-enquiries')).body
    for (const e of list) expect((await first.call('DELETE', `/api/admin/delete-enquiry/${e._id}`)).status).toBe(200)
    const [left] = await selectRows<{ events: string | number; files: string | number; mails: string | number }>(
      database.db,
      sql`select (select count(*) from enquiry_events) as events, (select count(*) from enquiry_attachments) as files,
        (select count(*) from deliveries where channel = 'enquiry-mail') as mails`,
    )
    expect([Number(left!.events), Number(left!.files), Number(left!.mails)]).toEqual([0, 0, 0])
  }, 60_000)

  it('mails a follow-up due while every server was down once, after the restart', async () => {
    const enquiry = await enquire()
    const at = new Date(Date.now() + 1_500).toISOString()
    const set = await first.call('PUT', `/api/admin/update-enquiry/${enquiry._id}`, { json: { followUpAt: at } })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    await first.close()
    await second.close()
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    first = await startTestServer({ ...serverOptions(), admin: null })
    second = await startTestServer({ ...serverOptions(), admin: null })
    await first.login()
    await until(
      'the reminder',
      async () => mailsTo(OWNER_EMAIL).find((m) => m.parsed.subject?.startsWith('Follow-up due')),
      20_000,
    )
    const attention = await first.call('GET', '/api/admin/attention')
    expect(attention.body.map((i: any) => i.kind)).toContain('enquiry-follow-ups-due')
    // Let both instances look again: still one reminder, one timeline item.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(mailsTo(OWNER_EMAIL).filter((m) => m.parsed.subject?.startsWith('Follow-up due'))).toHaveLength(1)
    const reminders = (await timeline(enquiry._id)).filter((i: any) => i.type === 'follow-up' && !i.by)
    expect(reminders).toHaveLength(1)
    const logged = await selectRows<{ actor_name: string }>(
      database.db,
      sql`select actor_name from audit_log where action = 'remind' and record_id = ${enquiry._id}`,
    )
    expect(logged).toEqual([{ actor_name: 'system' }])
  }, 60_000)

  it('keeps the site working while the mailbox is down, and says so on the dashboard', async () => {
    await dovecot.stop()
    const enquiry = await enquire()
    expect(enquiry).toBeTruthy()
    const item = await until(
      'the mailbox warning',
      async () => {
        const res = await first.call('GET', '/api/admin/attention')
        return res.body.find((i: any) => i.kind === 'mailbox-unreachable')
      },
      20_000,
    )
    expect(item.label).toMatch(/cannot be reached/)
  }, 40_000)
})
