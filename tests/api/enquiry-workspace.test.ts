import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/select-rows.js'
import { addDays } from '../../src/shared/schemas/stats.schema.js'
import { addAccount } from '../support/team.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

// Issue 42 over real HTTP: stages, owner, value, follow-up, rules, one card per person, the
// timeline, roles and the stats. The mail side is in enquiry-mail.test.ts.
let server: TestServer
let editor: { id: string; token: string }
let translator: { id: string; token: string }
let ownerId: string
beforeAll(async () => {
  server = await startSignedIn({ limits: { sendEmailPerIpPer15Min: 1000 } })
  editor = await addAccount(server, { username: 'eddie', role: 'editor' })
  translator = await addAccount(server, { username: 'tess', role: 'translator', languages: ['es'] })
  const [row] = await selectRows<{ id: string }>(
    server.database.db,
    sql`select id from admins where username = 'admin'`,
  )
  ownerId = row!.id
}, 120_000)
afterAll(async () => server?.close())

let n = 0
async function enquire(fields: Record<string, string> = {}) {
  n++
  const email = fields.email ?? `person${n}@example.com`
  const res = await server.call('POST', '/api/admin/send-email', {
    json: { fname: 'Ana', lname: `N${n}`, email, phone: `+44 7700 900${String(100 + n)}`, message: 'Hello', ...fields },
  })
  expect(res.status).toBe(200)
  const list = (await server.call('GET', '/api/admin/get-enquiries')).body
  return list.find((e: any) => e.email === email && e.lname === `N${n}`)
}
const put = (id: string, json: unknown, token?: string) =>
  server.call('PUT', `/api/admin/update-enquiry/${id}`, { json, token })
const audits = (action: string) =>
  selectRows<{ kind: string; changes: any }>(
    server.database.db,
    sql`select kind, changes from audit_log where action = ${action} order by at`,
  )

describe('the enquiry workspace', () => {
  it('keeps stages with won and lost as the ends; only the owner changes them, and never one in use', async () => {
    const stages = await server.call('GET', '/api/admin/enquiry-stages')
    expect(stages.body.stages.map((s: any) => s.key)).toEqual([
      'new',
      'contacted',
      'meeting',
      'proposal',
      'won',
      'lost',
    ])
    const next = {
      stages: [
        { key: 'new', label: 'Fresh' },
        { key: 'won', label: 'Signed' },
        { key: 'lost', label: 'Lost' },
        { key: 'contacted', label: 'Contacted' },
        { key: 'visit', label: 'Site visit' },
      ],
    }
    expect((await server.call('PUT', '/api/admin/enquiry-stages', { json: next, token: editor.token })).status).toBe(
      403,
    )
    const saved = await server.call('PUT', '/api/admin/enquiry-stages', { json: next })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.stages.map((s: any) => s.key)).toEqual(['new', 'contacted', 'visit', 'won', 'lost'])
    expect(saved.body.stages[3].label).toBe('Signed')
    const noLost = await server.call('PUT', '/api/admin/enquiry-stages', { json: { stages: next.stages.slice(0, 2) } })
    expect(noLost.status).toBe(400)
    const enquiry = await enquire()
    expect((await put(enquiry._id, { stage: 'visit' })).status).toBe(200)
    const removing = await server.call('PUT', '/api/admin/enquiry-stages', {
      json: { stages: next.stages.filter((s) => s.key !== 'visit') },
    })
    expect(removing.status).toBe(400)
    expect(removing.body.message).toContain('"visit"')
    expect((await audits('update')).some((a) => a.kind === 'enquiry-stages')).toBe(true)
  })

  it('takes stage, owner, value and follow-up, refusing bad ones with a 400 naming the field', async () => {
    const enquiry = await enquire()
    for (const [body, field] of [
      [{ stage: 'nope' }, 'stage'],
      [{ ownerId: translator.id }, 'ownerId'],
      [{ value: 'a lot' }, 'value'],
      [{ value: -5 }, 'value'],
      [{ followUpAt: 'tomorrow' }, 'followUpAt'],
    ] as const) {
      const res = await put(enquiry._id, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.field ?? res.body.message).toContain(field)
    }
    const followUpAt = new Date(Date.now() + 86_400_000).toISOString()
    const res = await put(enquiry._id, { stage: 'contacted', ownerId: editor.id, value: 850_000, followUpAt })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.enquiry).toMatchObject({
      stage: 'contacted',
      ownerId: editor.id,
      ownerName: 'eddie',
      value: 850_000,
      followUpAt,
    })
    const filtered = await server.call('GET', `/api/admin/get-enquiries?stage=contacted&ownerId=${editor.id}`)
    expect(filtered.body.map((e: any) => e._id)).toEqual([enquiry._id])
    const items = (await server.call('GET', `/api/admin/enquiries/${enquiry._id}/timeline`)).body.items
    expect(items[0].type).toBe('created')
    expect(items.map((i: any) => i.type)).toEqual(expect.arrayContaining(['stage', 'assigned', 'follow-up']))
    expect(items.find((i: any) => i.type === 'stage')).toMatchObject({
      from: 'new',
      to: 'contacted',
      by: { name: 'admin' },
    })
    const entry = (await audits('update')).find((a) => a.kind === 'enquiry' && a.changes.value)
    expect(entry!.changes.value).toEqual({ from: null, to: 850_000 })
  })

  it('counts a won or lost enquiry as dealt with on the dashboard, handled or not', async () => {
    const notHandled = async () =>
      (await server.call('GET', '/api/admin/attention')).body.find((item: any) => item.kind === 'enquiries-not-handled')
        ?.count ?? 0
    const [won, lost] = [await enquire(), await enquire()]
    const before = await notHandled()
    expect((await put(won._id, { stage: 'won', value: 1_800_000 })).status).toBe(200)
    expect((await put(lost._id, { stage: 'lost' })).status).toBe(200)
    expect(await notHandled()).toBe(before - 2)
  })

  it("lists the open enquiries whose follow-up is due (the dashboard's link), refusing another value", async () => {
    const past = new Date(Date.now() - 60_000).toISOString()
    const [due, later, closed] = [await enquire(), await enquire(), await enquire()]
    expect((await put(due._id, { followUpAt: past })).status).toBe(200)
    expect((await put(later._id, { followUpAt: new Date(Date.now() + 86_400_000).toISOString() })).status).toBe(200)
    expect((await put(closed._id, { followUpAt: past, stage: 'won' })).status).toBe(200)
    const listed = (await server.call('GET', '/api/admin/get-enquiries?followUp=due')).body.map((e: any) => e._id)
    expect(listed).toContain(due._id)
    expect(listed).not.toContain(later._id)
    expect(listed).not.toContain(closed._id)
    const attention = (await server.call('GET', '/api/admin/attention')).body.find(
      (item: any) => item.kind === 'enquiry-follow-ups-due',
    )
    expect(attention).toMatchObject({ count: listed.length, href: '/admin/enquiries?followUp=due' })
    const bad = await server.call('GET', '/api/admin/get-enquiries?followUp=soon')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('followUp')
  })

  it('offers editors the people an enquiry may be given to (owners and editors, names only); translators get 403', async () => {
    const asEditor = await server.call('GET', '/api/admin/enquiry-owners', { token: editor.token })
    expect(asEditor.status).toBe(200)
    expect(asEditor.body.owners).toEqual(
      expect.arrayContaining([
        { _id: ownerId, name: 'admin' },
        { _id: editor.id, name: 'eddie' },
      ]),
    )
    expect(asEditor.body.owners.map((o: any) => o._id)).not.toContain(translator.id)
    expect(Object.keys(asEditor.body.owners[0]).sort()).toEqual(['_id', 'name'])
    expect((await server.call('GET', '/api/admin/enquiry-owners', { token: translator.token })).status).toBe(403)
  })

  it('assigns by language rule, else in turn among active owners and editors (never a translator)', async () => {
    const bad = await server.call('PUT', '/api/admin/enquiry-rules', {
      json: { rules: [{ language: 'sv', ownerId: translator.id }] },
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({
      message: 'Rule 1: the owner must be an active owner or editor',
      field: 'rules.0.ownerId',
    })
    const neither = await server.call('PUT', '/api/admin/enquiry-rules', { json: { rules: [{ ownerId: editor.id }] } })
    expect(neither.body).toMatchObject({ message: 'Rule 1 needs a language or a project', field: 'rules.0' })
    const rules = { rules: [{ language: 'sv', ownerId: editor.id }] }
    expect((await server.call('PUT', '/api/admin/enquiry-rules', { json: rules })).status).toBe(200)
    expect((await server.call('GET', '/api/admin/enquiry-rules')).body.rules).toEqual([
      { language: 'sv', projectId: null, ownerId: editor.id },
    ])
    await server.call('POST', '/api/admin/add-language', { json: { code: 'sv', name: 'Svenska' } })
    const swedish = await enquire({ language: 'sv' })
    expect(swedish.ownerId).toBe(editor.id)
    const turns = [await enquire(), await enquire(), await enquire(), await enquire()].map((e) => e.ownerId)
    expect(new Set(turns)).toEqual(new Set([ownerId, editor.id]))
    expect(turns[0]).not.toBe(turns[1])
    expect(turns[2]).toBe(turns[0])
    // The server's own change, in the audit log.
    const assigned = await selectRows<{ actor_name: string; record_id: string; changes: any }>(
      server.database.db,
      sql`select actor_name, record_id, changes from audit_log where action = 'assign' and record_id = ${swedish._id}`,
    )
    expect(assigned).toEqual([
      {
        actor_name: 'system',
        record_id: swedish._id,
        changes: { owner: { from: null, to: 'eddie' }, by: { from: null, to: 'assignment rules' } },
      },
    ])
  })

  it('puts the same person on one card by e-mail (any case) or phone, keeping the owner; merges by hand', async () => {
    const first = await enquire({ email: 'Maria@Example.com', phone: '+34 600 111 222' })
    const byEmail = await enquire({ email: 'maria@example.COM', phone: '+34 699 999 999' })
    const byPhone = await enquire({ email: 'other@example.com', phone: '600111222' })
    expect(byEmail.contactId).toBe(first.contactId)
    expect(byPhone.contactId).toBe(first.contactId)
    expect([byEmail.ownerId, byPhone.ownerId]).toEqual([first.ownerId, first.ownerId])
    const detail = await server.call('GET', `/api/admin/get-enquiry/${first._id}`)
    expect(detail.body.contactEnquiries.map((e: any) => e._id).sort()).toEqual([byEmail._id, byPhone._id].sort())

    const stranger = await enquire({ email: 'stranger@example.com', phone: '+1 415 555 0100' })
    expect(stranger.contactId).not.toBe(first.contactId)
    const merged = await server.call('POST', `/api/admin/enquiries/${first._id}/merge/${stranger._id}`)
    expect(merged.status, JSON.stringify(merged.body)).toBe(200)
    expect(merged.body.contactEnquiries.map((e: any) => e._id)).toContain(stranger._id)
    const items = (await server.call('GET', `/api/admin/enquiries/${stranger._id}/timeline`)).body.items
    expect(items.some((i: any) => i.type === 'merged')).toBe(true)
    expect((await server.call('POST', `/api/admin/enquiries/${first._id}/merge/${first._id}`)).status).toBe(400)
  })

  it('keeps notes on the timeline for staff; translators see no enquiries', async () => {
    const enquiry = await enquire()
    const note = await server.call('POST', `/api/admin/enquiries/${enquiry._id}/notes`, {
      json: { text: '<b>Called</b>, wants a pool' },
      token: editor.token,
    })
    expect(note.status).toBe(201)
    const items = (await server.call('GET', `/api/admin/enquiries/${enquiry._id}/timeline`)).body.items
    expect(items.at(-1)).toMatchObject({ type: 'note', text: '<b>Called</b>, wants a pool', by: { name: 'eddie' } })
    expect((await server.call('POST', `/api/admin/enquiries/${enquiry._id}/notes`, { json: {} })).status).toBe(400)
    for (const [method, path] of [
      ['GET', '/api/admin/get-enquiries'],
      ['GET', `/api/admin/enquiries/${enquiry._id}/timeline`],
      ['GET', '/api/admin/enquiry-stages'],
      ['GET', '/api/admin/enquiry-rules'],
      ['POST', `/api/admin/enquiries/${enquiry._id}/reply`],
    ])
      expect(
        (
          await server.call(method!, path!, {
            json: method === 'GET' ? undefined : { text: 'x' },
            token: translator.token,
          })
        ).status,
      ).toBe(403)
    expect((await audits('add-note')).length).toBeGreaterThan(0)
  })

  it('counts won value by source and the median time to first response in the stats and the CSV', async () => {
    const won = await enquire({ utm_source: 'google', utm_campaign: 'villas-spring' })
    expect((await put(won._id, { stage: 'won', value: 1_200_000 })).status).toBe(200)
    const today = new Date().toISOString().slice(0, 10)
    const range = `from=${addDays(today, -1)}&to=${today}`
    const stats = await server.call('GET', `/api/admin/stats?${range}`)
    expect(stats.status).toBe(200)
    const source = stats.body.sources.find((s: any) => s.campaign === 'villas-spring')
    expect(source).toMatchObject({ source: 'google', enquiries: 1, won: 1, wonValue: 1_200_000 })
    expect(stats.body.response.answered).toBeGreaterThan(0)
    expect(stats.body.response.medianMinutes).toBe(0)
    expect(stats.body.response.owners.length).toBeGreaterThan(0)
    const csv = await server.call('GET', `/api/admin/stats.csv?${range}`)
    expect(csv.body).toContain('"Won value (EUR)"')
    expect(csv.body).toContain('"1","1200000"')
    expect(csv.body).toMatch(/"response",.*"\(all\)"/)
  })
})
