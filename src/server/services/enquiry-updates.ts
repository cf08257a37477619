import { eq } from 'drizzle-orm'
import { enquiryUpdateSchema } from '../../shared/schemas/enquiry-workspace.schema.js'
import type { Enquiry, FieldChanges } from '../../shared/types.js'
import { enquiries } from '../db/schema.js'
import { badRequest, notFound } from '../errors.js'
import { parseInput } from '../validation.js'
import { appendAudit } from './audit-log.js'
import type { ServiceContext } from './context.js'
import { isActiveStaff } from './enquiry-assignment.js'
import { addOwnerEvent, ownerName } from './enquiry-notices.js'
import { assertStage } from './enquiry-stages.js'
import { addEvent } from './enquiry-timeline.js'
import { enquiryLabel, getEnquiry } from './enquiries.js'

/**
 * PUT /update-enquiry/{id}: handled, stage, owner, value and follow-up, any of them. Each change
 * is a timeline item and the whole is one audit entry; a new owner is mailed. The first move of
 * the stage counts as a response (the stats' time to first response).
 */
export async function updateEnquiry(ctx: ServiceContext, id: string, input: unknown): Promise<Enquiry> {
  const update = parseInput(enquiryUpdateSchema, input)
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for('update')
    if (!before) throw notFound('Enquiry not found')
    const set: Partial<typeof enquiries.$inferInsert> = {}
    const changes: FieldChanges = {}

    if (update.handled !== undefined && Boolean(before.handledAt) !== update.handled) {
      set.handledAt = update.handled ? new Date() : null
      changes.handled = { from: Boolean(before.handledAt), to: update.handled }
    }
    if (update.stage !== undefined && update.stage !== before.stage) {
      await assertStage(tx, update.stage)
      set.stage = update.stage
      if (!before.firstResponseAt) set.firstResponseAt = new Date()
      changes.stage = { from: before.stage, to: update.stage }
      await addEvent(tx, id, 'stage', ctx.actor, { fromValue: before.stage, toValue: update.stage })
    }
    if (update.ownerId !== undefined && update.ownerId?.toLowerCase() !== before.ownerId) {
      const ownerId = update.ownerId?.toLowerCase() ?? null
      if (ownerId && !(await isActiveStaff(tx, ownerId)))
        throw badRequest('ownerId must be an active owner or editor', 'ownerId')
      set.ownerId = ownerId
      changes.ownerId = { from: before.ownerId, to: ownerId }
      const names = { fromValue: await ownerName(tx, before.ownerId), toValue: await ownerName(tx, ownerId) }
      await addOwnerEvent(tx, id, ownerId, 'assigned', ctx.actor, names)
    }
    if (update.value !== undefined && update.value !== before.value) {
      set.value = update.value
      changes.value = { from: before.value, to: update.value }
    }
    const followUpAt =
      update.followUpAt === undefined ? undefined : update.followUpAt ? new Date(update.followUpAt) : null
    if (followUpAt !== undefined && followUpAt?.getTime() !== before.followUpAt?.getTime()) {
      set.followUpAt = followUpAt
      changes.followUpAt = { from: before.followUpAt?.toISOString() ?? null, to: followUpAt?.toISOString() ?? null }
      await addEvent(tx, id, 'follow-up', ctx.actor, {
        fromValue: before.followUpAt?.toISOString() ?? null,
        toValue: followUpAt?.toISOString() ?? null,
        text: followUpAt ? 'Follow-up set' : 'Follow-up cleared',
      })
    }
    if (Object.keys(changes).length === 0) return
    await tx.update(enquiries).set(set).where(eq(enquiries.id, id))
    await appendAudit(tx, ctx.actor, {
      action:
        Object.keys(changes).join() === 'handled' ? (update.handled ? 'mark-handled' : 'mark-unhandled') : 'update',
      kind: 'enquiry',
      recordId: id,
      recordLabel: enquiryLabel(before),
      language: before.language,
      changes,
    })
  })
  return getEnquiry(ctx.db, id)
}
