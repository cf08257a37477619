import { randomBytes, randomUUID } from 'node:crypto'
import {
  and,
  asc,
  desc,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm'
import { BASE_LANGUAGE, ENQUIRY_SUBJECT, HONEYPOT_FIELD } from '../../shared/constants.js'
import {
  CONSENT_REQUIRED,
  enquirySchema,
  type EnquiryFilter,
  siteEnquirySchema,
} from '../../shared/schemas/enquiry.schema.js'
import type { Enquiry, EnquiryDetail } from '../../shared/types.js'
import { CLOSED_STAGES } from '../../shared/schemas/enquiry-workspace.schema.js'
import type { Db, Executor } from '../db/client.js'
import { admins, type DeliveryChannel, deliveries, enquiries } from '../db/schema.js'
import { badRequest, notFound } from '../errors.js'
import { parseInput } from '../validation.js'
import { consentVersion } from './consent-version.js'
import { campaignColumns, type DeliveryRow, type EnquiryRow, projectOf, toEnquiry } from './enquiry-record.js'
import { chooseOwner } from './enquiry-assignment.js'
import { findOpenContact, ofContact, phoneE164 } from './enquiry-contacts.js'
import { addOwnerEvent, ownerName } from './enquiry-notices.js'
import { languageExists } from './languages.js'
import { findProjectRow } from './projects.js'
import { appendAudit } from './audit-log.js'
import { SYSTEM_ACTOR } from './actor.js'
import type { ServiceContext } from './context.js'

export type { EnquiryRow } from './enquiry-record.js'

/** What is stored: the visitor's fields and the context the server resolved (issue 11). */
export type NewEnquiry = Omit<typeof enquiries.$inferInsert, 'id' | 'createdAt' | 'handledAt' | 'subject'> & {
  subject?: string
}

/** What an enquiry needs of the outbox: which channels get a delivery, and a nudge afterwards. */
export interface EnquiryOutbox {
  /** Mail always (it waits for SMTP_URL); the webhook only when LEAD_WEBHOOK_URL is set. */
  readonly channels: readonly DeliveryChannel[]
  wake(): void
}

/**
 * Stored (and committed) before the visitor hears "sent", with one delivery per channel in the
 * same transaction: the outbox delivers them afterwards. In the same transaction (issue 42) it
 * joins the open card of the same person, keeping its owner, or is assigned by the rules or in
 * turn; the owner is told through the outbox.
 */
export async function createEnquiry(
  db: Db,
  input: NewEnquiry,
  channels: readonly DeliveryChannel[] = ['mail'],
): Promise<Enquiry> {
  return db.transaction(async (tx) => {
    const id = randomUUID()
    const phone = phoneE164(input.phone)
    const contact = await findOpenContact(tx, input.email, phone)
    const ownerId = contact
      ? contact.ownerId
      : await chooseOwner(tx, { projectId: input.projectId ?? null, language: input.language ?? null })
    const [row] = await tx
      .insert(enquiries)
      .values({
        id,
        ...input,
        subject: input.subject || ENQUIRY_SUBJECT,
        phoneE164: phone,
        contactId: contact?.contactId ?? id,
        ownerId,
        // The part of the Reply-To address that brings answers back (hex: mail servers may lower-case it).
        replyToken: randomBytes(16).toString('hex'),
      })
      .returning()
    if (ownerId) {
      const name = await ownerName(tx, ownerId)
      const text = contact ? 'Joined the open card of the same contact' : null
      await addOwnerEvent(tx, id, ownerId, 'assigned', null, { toValue: name, text })
      // The server's own change (issue 42: every change is in the audit log).
      await appendAudit(tx, SYSTEM_ACTOR, {
        action: 'assign',
        kind: 'enquiry',
        recordId: id,
        recordLabel: enquiryLabel(row!),
        language: row!.language,
        changes: { owner: { from: null, to: name }, by: { from: null, to: text ?? 'assignment rules' } },
      })
    }
    const rows = await tx
      .insert(deliveries)
      .values(channels.map((channel) => ({ id: randomUUID(), enquiryId: row!.id, channel })))
      .returning()
    return toEnquiry(row!, rows)
  })
}

/**
 * The one way an enquiry comes in (the API's send-email and the site's forms): validated with the
 * form's schema, its project and language looked up here (the client's word is never the title),
 * stored, and handed to the outbox. The site's forms need the consent box ticked; the API, which
 * old clients call without it, refuses only an explicit "no" (decision 052). A bot that filled the
 * honeypot field hears the usual answer and nothing is stored. Answers whether it was stored.
 */
export async function submitEnquiry(
  deps: { db: Db; outbox: EnquiryOutbox },
  input: unknown,
  options: { requireConsent?: boolean } = {},
): Promise<{ stored: boolean }> {
  const parsed = parseInput(options.requireConsent ? siteEnquirySchema : enquirySchema, input)
  const { [HONEYPOT_FIELD]: honeypot, project, language, pageUrl, consent, ...rest } = parsed
  if (honeypot) return { stored: false }
  if (consent === false) throw badRequest(CONSENT_REQUIRED, 'consent')
  const { utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, fbclid, ...visitor } = rest
  const campaign = { utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, fbclid }
  const found = project ? await findProjectRow(deps.db, project) : undefined
  const pageLanguage = language && (await languageExists(deps.db, language)) ? language : null
  await createEnquiry(
    deps.db,
    {
      ...visitor,
      projectId: found?.id ?? null,
      projectSlug: found?.slug ?? null,
      projectTitle: found?.title ?? null,
      projectLanguage: found?.language ?? null,
      language: pageLanguage,
      pageUrl: pageUrl || null,
      ...campaignColumns(campaign),
      consentAt: consent ? new Date() : null,
      consentVersion: consent ? await consentVersion(deps.db, pageLanguage ?? BASE_LANGUAGE) : null,
    },
    deps.outbox.channels,
  )
  deps.outbox.wake()
  return { stored: true }
}

/** Open enquiries whose follow-up time has come (the list's filter and the dashboard's count). */
export const followUpDue = () =>
  and(
    isNotNull(enquiries.followUpAt),
    lte(enquiries.followUpAt, sql`now()`),
    notInArray(enquiries.stage, [...CLOSED_STAGES]),
  )!

const pendingDelivery = (db: Executor) =>
  db
    .select({ one: sql`1` })
    .from(deliveries)
    .where(and(eq(deliveries.enquiryId, enquiries.id), eq(deliveries.status, 'pending')))

function filterWhere(db: Executor, filter: EnquiryFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.project) conditions.push(eq(enquiries.projectSlug, filter.project))
  if (filter.language) conditions.push(eq(enquiries.language, filter.language))
  if (filter.status === 'pending') conditions.push(exists(pendingDelivery(db)))
  if (filter.status === 'sent') conditions.push(not(exists(pendingDelivery(db))))
  if (filter.stage) conditions.push(eq(enquiries.stage, filter.stage))
  if (filter.ownerId === 'none') conditions.push(isNull(enquiries.ownerId))
  else if (filter.ownerId) conditions.push(eq(enquiries.ownerId, filter.ownerId.toLowerCase()))
  if (filter.followUp === 'due') conditions.push(followUpDue())
  return conditions.length > 0 ? and(...conditions) : undefined
}

async function withDeliveries(db: Executor, rows: EnquiryRow[]): Promise<Enquiry[]> {
  if (rows.length === 0) return []
  const found = await db
    .select()
    .from(deliveries)
    .where(
      inArray(
        deliveries.enquiryId,
        rows.map((r) => r.id),
      ),
    )
  const byEnquiry = new Map<string, DeliveryRow[]>()
  for (const d of found) byEnquiry.set(d.enquiryId!, [...(byEnquiry.get(d.enquiryId!) ?? []), d])
  const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((id): id is string => id !== null))]
  const owners =
    ownerIds.length > 0
      ? await db.select({ id: admins.id, username: admins.username }).from(admins).where(inArray(admins.id, ownerIds))
      : []
  const names = new Map(owners.map((o) => [o.id, o.username]))
  return rows.map((row) => toEnquiry(row, byEnquiry.get(row.id) ?? [], names.get(row.ownerId ?? '') ?? null))
}

/** Newest first, filtered by project (slug), page language and delivery status; the whole list unless a slice is asked for. */
export async function listEnquiries(
  db: Executor,
  page: { limit?: number; offset?: number } = {},
  filter: EnquiryFilter = {},
): Promise<Enquiry[]> {
  const query = db
    .select()
    .from(enquiries)
    .where(filterWhere(db, filter))
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .$dynamic()
  if (page.limit !== undefined) query.limit(page.limit)
  if (page.offset) query.offset(page.offset)
  return withDeliveries(db, await query)
}

export async function getEnquiry(db: Executor, id: string): Promise<Enquiry> {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id))
  if (!row) throw notFound('Enquiry not found')
  const [enquiry] = await withDeliveries(db, [row])
  return enquiry!
}

/** GET /get-enquiry/{id}: the enquiry and the other enquiries of its contact, oldest first. */
export async function getEnquiryDetail(db: Executor, id: string): Promise<EnquiryDetail> {
  const enquiry = await getEnquiry(db, id)
  const others = await db
    .select()
    .from(enquiries)
    .where(and(ofContact(enquiry.contactId), ne(enquiries.id, id)))
    .orderBy(asc(enquiries.createdAt))
  return {
    ...enquiry,
    contactEnquiries: others.map((row) => ({
      _id: row.id,
      createdAt: row.createdAt.toISOString(),
      stage: row.stage,
      subject: row.subject,
      project: projectOf(row),
    })),
  }
}

/** The audit log names an enquiry by its sender, never with what they wrote (decision 089). */
export const enquiryLabel = (row: { fname: string; lname: string }) => `${row.fname} ${row.lname}`.trim().slice(0, 120)

/**
 * Erasure (GDPR art. 17): the enquiry and its deliveries are gone. A delivery an instance is
 * working on right now finds no enquiry and stops (outbox.ts).
 */
export async function deleteEnquiry(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(enquiries).where(eq(enquiries.id, id)).returning()
    if (!row) throw notFound('Enquiry not found')
    // Erasure: the entry says one was erased and by whom, not whose (the name goes too).
    await appendAudit(tx, ctx.actor, { action: 'erase', kind: 'enquiry', recordId: id, language: row.language })
  })
}

/** The CSV export is recorded: who took the leads out, and with which filters. */
export async function recordEnquiryExport(ctx: ServiceContext, filter: EnquiryFilter, rows: number): Promise<void> {
  const applied = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined))
  await appendAudit(ctx.db, ctx.actor, {
    action: 'export-csv',
    kind: 'enquiry',
    recordLabel: `${rows} enquir${rows === 1 ? 'y' : 'ies'}`,
    changes: Object.keys(applied).length > 0 ? { filters: { from: null, to: applied } } : {},
  })
}

/** Retention: deletes every enquiry received more than `months` ago; answers how many. */
export async function purgeEnquiriesOlderThan(db: Db, months: number): Promise<number> {
  const rows = await db
    .delete(enquiries)
    .where(lt(enquiries.createdAt, sql`now() - make_interval(months => ${months})`))
    .returning({ id: enquiries.id })
  return rows.length
}
