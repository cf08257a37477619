import net from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminInvitations, admins, appState, auditLog } from '../../src/server/db/schema.js'
import { OWN_TWO_FACTOR_FIRST } from '../../src/server/services/sign-in-rules.js'
import { pruneAuditLog } from '../../src/server/services/audit-retention.js'
import { INVITATION_EXPIRED, INVITATION_INVALID, INVITATION_USED } from '../../src/server/services/invitations.js'
import { LAST_OWNER } from '../../src/server/services/team.js'
import { TWO_FACTOR_REQUIRED } from '../../src/shared/account-gates.js'
import { buildEnquiry } from '../../src/server/seed/factories.js'
import { fingerprint, tokenFromMail } from '../support/team.js'
import { startSmtp } from '../support/smtp-peer.js'
import { freePort } from '../support/free-port.js'
import { ADMIN, type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'
import { until } from '../support/wait-for.js'

// Accounts, invitations by mail, the audit log and the last owner, over HTTP (issue 23).

let server: TestServer
let smtp: Awaited<ReturnType<typeof startSmtp>>
const PASSWORD = 'lantern quietly harbour 77'

beforeAll(async () => {
  smtp = await startSmtp()
  server = await startSignedIn(
    {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://villas.test' },
      mailRetryBaseMs: 50,
      limits: { loginPerIpPerMinute: 1000, sendEmailPerIpPer15Min: 1000, loginThrottle: { freeFailures: 1000 } },
    },
    'sv',
  )
})
afterAll(async () => {
  await server?.close()
  await smtp?.close()
})

/** Invites, waits for the mail to the address, answers the token in its link. */
async function inviteByMail(body: Record<string, unknown>) {
  const res = await server.call('POST', '/api/admin/users', { json: body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  expect(res.body.message).toBe(`Invitation sent to ${String(body.email)}`)
  const mail = await until('the invitation mail', async () =>
    smtp.received.find((m) => m.envelopeTo.includes(String(body.email))),
  )
  // The outbox marks its delivery sent once the peer took it.
  await until(
    'the delivery marked sent',
    async () =>
      ((await server.call('GET', '/api/admin/invitations')).body as any[]).find(
        (i) => i._id === res.body.invitation._id,
      )?.mailed,
  )
  return { invitation: res.body.invitation, mail, token: tokenFromMail(mail.parsed.text ?? '') }
}

const accept = (token: string, password = PASSWORD) =>
  server.call('POST', '/api/admin/accept-invitation', { json: { token, password }, token: null })
const signIn = (username: string, password = PASSWORD) =>
  server.call('POST', '/api/admin/login', { json: { username, password }, token: null })
const entries = async (query = '') =>
  (await server.call('GET', `/api/admin/audit-log?limit=500${query}`)).body.entries as any[]

describe('invitations', () => {
  it('mails a single-use link through the outbox; accepted once it makes the account', async () => {
    const { mail, token } = await inviteByMail({
      username: 'ana',
      email: 'ana@agency.test',
      role: 'translator',
      languages: ['sv'],
    })
    expect(mail.parsed.subject).toMatch(/invitation/i)
    expect(mail.parsed.text).toContain('https://villas.test/admin/accept-invitation?token=')
    expect(mail.parsed.text).toContain('Translator (sv)')
    // Only the hash and the sealed token are stored.
    const [row] = await server.database.db.select().from(adminInvitations).where(eq(adminInvitations.username, 'ana'))
    expect(row!.tokenHash).not.toBe(token)
    expect(row!.sealedToken).not.toContain(token)

    const shown = await server.call('GET', `/api/admin/invitation?token=${encodeURIComponent(token)}`, { token: null })
    expect(shown.body).toMatchObject({ username: 'ana', role: 'translator', languages: ['sv'] })

    // The password rules apply, and a refused password creates nothing.
    const before = await fingerprint(server)
    const weak = await accept(token, 'password1234')
    expect(weak.status).toBe(400)
    expect(weak.body.field).toBe('password')
    expect(await fingerprint(server)).toEqual(before)

    const ok = await accept(token)
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    const signedIn = await signIn('ana')
    expect(signedIn.status).toBe(200)
    const account = await server.call('GET', '/api/admin/get-account', { token: signedIn.body.token })
    expect(account.body).toMatchObject({ username: 'ana', role: 'translator', languages: ['sv'], canPublish: false })
    expect(account.body.permissions).toMatchObject({ accounts: false, enquiries: false, createOriginal: false })

    // Used once: the second time says so and creates nothing.
    const again = await accept(token, 'another strong passphrase 9')
    expect(again.status).toBe(410)
    expect(again.body.message).toBe(INVITATION_USED)
    expect(await server.database.db.select().from(admins).where(eq(admins.username, 'ana'))).toHaveLength(1)
  })

  it('refuses an altered or expired link with a clear message and creates nothing', async () => {
    const { token } = await inviteByMail({ username: 'bo', email: 'bo@agency.test', role: 'editor' })
    const before = await fingerprint(server)
    const altered = await accept(`${token.slice(0, -2)}xx`)
    expect(altered.status).toBe(404)
    expect(altered.body.message).toBe(INVITATION_INVALID)
    await server.database.db
      .update(adminInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminInvitations.username, 'bo'))
    const middle = await fingerprint(server)
    expect({ ...middle, admin_invitations: '' }).toEqual({ ...before, admin_invitations: '' })
    const expired = await accept(token)
    expect(expired.status).toBe(410)
    expect(expired.body.message).toBe(INVITATION_EXPIRED)
    expect(await fingerprint(server)).toEqual(middle)
  })

  it('refuses a role or a language that does not exist, naming it', async () => {
    const role = await server.call('POST', '/api/admin/users', {
      json: { username: 'x1', email: 'x@a.test', role: 'admin' },
    })
    expect(role.status).toBe(400)
    expect(role.body.message).toMatch(/no role "admin"/)
    const language = await server.call('POST', '/api/admin/users', {
      json: { username: 'x2', email: 'x@a.test', role: 'translator', languages: ['sv', 'xx'] },
    })
    expect(language.status).toBe(400)
    expect(language.body.message).toMatch(/no language "xx"/)
    const taken = await server.call('POST', '/api/admin/users', {
      json: { username: 'ANA', email: 'x@a.test', role: 'editor' },
    })
    expect(taken.status).toBe(409)
  })
})

describe('an invitation without a mail server', () => {
  it('is kept, and the answer says its mail waits for SMTP_URL instead of "sent"', async () => {
    const alone = await startSignedIn()
    try {
      const res = await alone.call('POST', '/api/admin/users', {
        json: { username: 'waiting', email: 'waiting@agency.test', role: 'editor' },
      })
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Invitation saved; its mail to waiting@agency.test is sent once SMTP_URL is set')
      const listed = (await alone.call('GET', '/api/admin/invitations')).body as { username: string; mailed: boolean }[]
      expect(listed.find((i) => i.username === 'waiting')?.mailed).toBe(false)
    } finally {
      await alone.close()
    }
  })
})

describe('an invitation while the mail server is down', () => {
  it('says its mail was not taken, lists it waiting, and sends it once the server is back', async () => {
    const port = await freePort()
    const alone = await startSignedIn({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, mailRetryBaseMs: 200 })
    let peer: Awaited<ReturnType<typeof startSmtp>> | undefined
    try {
      const res = await alone.call('POST', '/api/admin/users', {
        json: { username: 'refused', email: 'refused@agency.test', role: 'editor' },
      })
      expect(res.status).toBe(201)
      expect(res.body.message).toBe(
        'Invitation saved, but the mail server did not take its mail to refused@agency.test; it is tried again until it does',
      )
      expect(res.body.invitation.mailed).toBe(false)
      const mailed = async () =>
        ((await alone.call('GET', '/api/admin/invitations')).body as { username: string; mailed: boolean }[]).find(
          (i) => i.username === 'refused',
        )?.mailed
      expect(await mailed()).toBe(false)
      peer = await startSmtp(port)
      await until('the retried mail', async () =>
        peer!.received.find((m) => m.envelopeTo.includes('refused@agency.test')),
      )
      await until('the invitation listed as mailed', mailed)
    } finally {
      await alone.close()
      await peer?.close()
    }
  })
})

describe('accounts', () => {
  it('keeps the last active owner: neither demoted nor deactivated', async () => {
    const users = (await server.call('GET', '/api/admin/users')).body as any[]
    const owner = users.find((u) => u.username === ADMIN.username)
    const demote = await server.call('PUT', `/api/admin/users/${owner._id}`, { json: { role: 'editor' } })
    expect(demote.status).toBe(409)
    expect(demote.body.message).toBe(LAST_OWNER)
    const remove = await server.call('DELETE', `/api/admin/users/${owner._id}`)
    expect(remove.status).toBe(409)
    expect((await server.call('GET', '/api/admin/get-account')).body.role).toBe('owner')
  })

  it("refuses a deactivated account's token at its next request; its entries stay named as theirs", async () => {
    const ana = (await server.call('GET', '/api/admin/users')).body.find((u: any) => u.username === 'ana')
    const token = (await signIn('ana')).body.token
    expect((await server.call('GET', '/api/admin/get-projects', { token })).status).toBe(200)
    const off = await server.call('DELETE', `/api/admin/users/${ana._id}`)
    expect(off.status).toBe(200)
    expect((await server.call('GET', '/api/admin/count-projects', { token })).status).toBe(401)
    expect((await signIn('ana')).status).toBe(401)
    const theirs = await entries(`&person=${ana._id}`)
    expect(theirs.some((e) => e.action === 'sign-in' && e.actorName === 'ana')).toBe(true)
    // Back on: signs in again.
    expect((await server.call('PUT', `/api/admin/users/${ana._id}`, { json: { active: true } })).status).toBe(200)
    expect((await signIn('ana')).status).toBe(200)
  })

  it('requires two-factor sign-in of everyone when the owner says so; Account still works', async () => {
    // An owner without it cannot lock themselves out.
    const own = await server.call('PUT', '/api/admin/sign-in-rules', { json: { requireTwoFactor: true } })
    expect(own.status).toBe(409)
    expect(own.body.message).toBe(OWN_TWO_FACTOR_FIRST)
    await server.database.db.insert(appState).values({ key: 'require-two-factor', value: 'true' })
    const token = (await signIn('ana')).body.token
    const refused = await server.call('GET', '/api/admin/count-projects', { token })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(TWO_FACTOR_REQUIRED)
    const account = await server.call('GET', '/api/admin/get-account', { token })
    expect(account.body.mustEnableTwoFactor).toBe(true)
    expect((await server.call('POST', '/api/admin/setup-two-factor', { token })).status).toBe(200)
    await server.database.db.update(appState).set({ value: 'false' }).where(eq(appState.key, 'require-two-factor'))
    expect((await server.call('GET', '/api/admin/count-projects', { token })).status).toBe(200)
  })
})

describe('the audit log', () => {
  it('records each kind of change with the person, the address and the fields', async () => {
    await server.call('POST', '/api/admin/login', {
      json: { username: 'admin', password: 'wrong password' },
      token: null,
    })
    await server.call('POST', '/api/admin/login', {
      json: { username: 'nobody', password: 'wrong password' },
      token: null,
    })
    const es = await server.call('POST', '/api/admin/add-language', { json: { name: 'Espanol', code: 'es' } })
    await server.call('PUT', `/api/admin/update-language/${es.body.language._id}`, { json: { name: 'Español' } })
    await server.call('DELETE', `/api/admin/delete-language/${es.body.language._id}`)
    await server.call('POST', '/api/admin/send-email', {
      json: buildEnquiry({ fname: 'Lena', lname: 'Berg' }),
      token: null,
    })
    const enquiry = (await server.call('GET', '/api/admin/get-enquiries?limit=1')).body[0]
    await server.call('PUT', `/api/admin/update-enquiry/${enquiry._id}`, { json: { handled: true } })
    await server.call('GET', '/api/admin/enquiries.csv')
    await server.call('DELETE', `/api/admin/delete-enquiry/${enquiry._id}`)
    const other = await signIn('ana')
    await server.call('POST', '/api/admin/logout', { token: other.body.token })

    const log = await entries()
    const find = (action: string, kind: string) => log.find((e) => e.action === action && e.kind === kind)
    expect(log.find((e) => e.action === 'sign-in-failed' && e.actorName === 'admin')).toMatchObject({
      ip: '127.0.0.1',
      kind: 'session',
    })
    expect(log.find((e) => e.action === 'sign-in-failed' && e.actorName === 'nobody')).toMatchObject({ actorId: null })
    expect(find('sign-in', 'session')).toBeTruthy()
    expect(find('sign-out', 'session')).toMatchObject({ actorName: 'ana' })
    expect(find('create', 'language')).toMatchObject({
      actorName: 'admin',
      language: 'es',
      changes: { code: { from: null, to: 'es' } },
    })
    expect(find('update', 'language')).toMatchObject({ changes: { name: { from: 'Espanol', to: 'Español' } } })
    expect(find('delete', 'language')).toMatchObject({ recordLabel: 'Español' })
    expect(find('mark-handled', 'enquiry')).toMatchObject({
      recordLabel: 'Lena Berg',
      changes: { handled: { from: false, to: true } },
    })
    expect(find('export-csv', 'enquiry')).toBeTruthy()
    expect(find('erase', 'enquiry')).toMatchObject({ recordId: enquiry._id, recordLabel: null })
    expect(log.find((e) => e.action === 'invite' && e.recordLabel === 'ana')).toMatchObject({
      actorName: 'admin',
      changes: { role: { from: null, to: 'translator' } },
    })
    expect(find('accept', 'invitation')).toMatchObject({ actorName: 'ana' })
    expect(find('deactivate', 'user')).toMatchObject({
      recordLabel: 'ana',
      changes: { active: { from: true, to: false } },
    })
    // No password, secret or token ever reaches the log.
    const text = JSON.stringify(log)
    expect(text).not.toContain(PASSWORD)
    expect(text).not.toContain('wrong password')
  })

  it('filters by person, kind, record, language and time, and pages', async () => {
    expect((await entries('&kind=language')).every((e) => e.kind === 'language')).toBe(true)
    expect((await entries('&person=ana')).every((e) => e.actorName === 'ana')).toBe(true)
    expect((await entries('&language=es')).length).toBeGreaterThanOrEqual(3)
    expect((await entries('&record=espa')).some((e) => e.recordLabel === 'Español')).toBe(true)
    expect(await entries(`&to=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}`)).toEqual([])
    const first = (await server.call('GET', '/api/admin/audit-log?limit=2')).body
    const second = (await server.call('GET', '/api/admin/audit-log?limit=2&offset=2')).body
    expect(first.entries).toHaveLength(2)
    expect(first.hasMore).toBe(true)
    expect(second.entries[0]._id).not.toBe(first.entries[1]._id)
    expect((await server.call('GET', '/api/admin/audit-log?kind=x&from=yesterday')).status).toBe(400)
  })

  it('exports CSV with formulas defused', async () => {
    await server.call('POST', '/api/admin/login', {
      json: { username: '=HYPERLINK("x")', password: 'nope' },
      token: null,
    })
    const csv = await server.call('GET', '/api/admin/audit-log?format=csv')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/)
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`)
  })

  it('is append-only: no route edits or deletes an entry, nor does SQL but the prune', async () => {
    const [entry] = await entries()
    expect((await server.call('PUT', `/api/admin/audit-log/${entry._id}`, { json: {} })).status).toBe(404)
    expect((await server.call('DELETE', `/api/admin/audit-log/${entry._id}`)).status).toBe(404)
    const db = server.database.db
    await expect(
      db.update(auditLog).set({ actorName: 'someone else' }).where(eq(auditLog.id, entry._id)),
    ).rejects.toThrow()
    await expect(db.delete(auditLog).where(eq(auditLog.id, entry._id))).rejects.toThrow()
    // Old entries go with the retention prune, in batches; the newer stay.
    await db.execute(sql`alter table audit_log disable trigger audit_log_append_only`)
    await db
      .update(auditLog)
      .set({ at: new Date('2020-01-01') })
      .where(eq(auditLog.id, entry._id))
    await db.execute(sql`alter table audit_log enable trigger audit_log_append_only`)
    const total = (await db.select().from(auditLog)).length
    expect(await pruneAuditLog(db, 24)).toBe(1)
    expect((await db.select().from(auditLog)).length).toBe(total - 1)
  })
})

describe('a multipart body cut off in the middle', () => {
  it.each(['/api/admin/upload-image', '/api/admin/add-project', '/api/admin/add-review'])(
    'answers 400 on %s',
    async (path) => {
      const token = await server.login()
      const boundary = 'cutoff123'
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`
      const body = Buffer.concat([Buffer.from(head), Buffer.alloc(2000, 1)])
      const url = new URL(server.url)
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(url.port), url.hostname, () => {
          socket.write(
            `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
              `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
          )
          // The whole declared length arrives, but the closing boundary never does. The socket stays
          // open (no half-close), as a client waiting for its answer would.
          socket.write(body)
        })
        let text = ''
        socket.on('data', (chunk) => (text += chunk.toString()))
        socket.on('end', () => resolve(text))
        socket.on('error', reject)
      })
      expect(answer).toMatch(/^HTTP\/1\.1 400/)
      expect(answer).toContain('cut off')
    },
  )
})
