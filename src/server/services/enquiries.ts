import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { ENQUIRY_SUBJECT } from '../../shared/constants.js'
import type { Enquiry } from '../../shared/types.js'
import type { Db, Executor } from '../db/client.js'
import { enquiries } from '../db/schema.js'
import { notFound } from '../errors.js'

export type EnquiryRow = typeof enquiries.$inferSelect

export interface NewEnquiry {
  fname: string
  lname: string
  email: string
  phone: string
  services: string
  message: string
  subject?: string
}

const toEnquiry = (row: EnquiryRow): Enquiry => ({
  _id: row.id,
  fname: row.fname,
  lname: row.lname,
  email: row.email,
  phone: row.phone,
  services: row.services,
  message: row.message,
  subject: row.subject,
  createdAt: row.createdAt.toISOString(),
  deliveryStatus: row.deliveryStatus,
  deliveryAttempts: row.deliveryAttempts,
  lastError: row.lastError,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  handledAt: row.handledAt?.toISOString() ?? null,
})

/** Stored (and committed) before the visitor hears "sent": the outbox delivers it afterwards. */
export async function createEnquiry(db: Db, input: NewEnquiry): Promise<Enquiry> {
  const [row] = await db
    .insert(enquiries)
    .values({ id: randomUUID(), ...input, subject: input.subject || ENQUIRY_SUBJECT })
    .returning()
  return toEnquiry(row!)
}

export async function listEnquiries(db: Executor): Promise<Enquiry[]> {
  const rows = await db.select().from(enquiries).orderBy(desc(enquiries.createdAt), desc(enquiries.id))
  return rows.map(toEnquiry)
}

export async function getEnquiry(db: Executor, id: string): Promise<Enquiry> {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id))
  if (!row) throw notFound('Enquiry not found')
  return toEnquiry(row)
}

export async function setEnquiryHandled(db: Db, id: string, handled: boolean): Promise<Enquiry> {
  const [row] = await db
    .update(enquiries)
    .set({ handledAt: handled ? new Date() : null })
    .where(eq(enquiries.id, id))
    .returning()
  if (!row) throw notFound('Enquiry not found')
  return toEnquiry(row)
}
