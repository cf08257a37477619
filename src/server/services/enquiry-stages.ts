import { asc, eq, inArray, sql } from 'drizzle-orm'
import {
  CLOSED_STAGES,
  DEFAULT_ENQUIRY_STAGES,
  enquiryStagesSchema,
  isClosedStage,
} from '../../shared/schemas/enquiry-workspace.schema.js'
import type { EnquiryStage } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { enquiries, enquiryStages } from '../db/schema.js'
import { badRequest } from '../errors.js'
import { parseInput } from '../validation.js'
import { appendAudit } from './audit-log.js'
import type { ServiceContext } from './context.js'

/** The board's columns in order; the defaults until an owner saves their own (decision 150). */
export async function listStages(db: Executor): Promise<EnquiryStage[]> {
  const rows = await db.select().from(enquiryStages).orderBy(asc(enquiryStages.position))
  return rows.length > 0
    ? rows.map(({ key, label }) => ({ key, label }))
    : DEFAULT_ENQUIRY_STAGES.map((s) => ({ ...s }))
}

/** A 400 naming `stage` unless the key is one of the board's. */
export async function assertStage(db: Executor, key: string): Promise<void> {
  const stages = await listStages(db)
  if (!stages.some((s) => s.key === key))
    throw badRequest(`stage must be one of ${stages.map((s) => s.key).join(', ')}`, 'stage')
}

/**
 * Renames, adds and reorders. Won and lost stay the two ends whatever order is sent; a stage an
 * enquiry is in cannot go (400 naming it).
 */
export async function saveStages(ctx: ServiceContext, input: unknown): Promise<EnquiryStage[]> {
  const { stages } = parseInput(enquiryStagesSchema, input)
  const keys = stages.map((s) => s.key)
  if (new Set(keys).size !== keys.length) throw badRequest('stages must have different keys', 'stages')
  for (const end of CLOSED_STAGES)
    if (!keys.includes(end)) throw badRequest(`stages must keep "${end}" (won and lost are the board's ends)`, 'stages')
  const ordered = [
    ...stages.filter((s) => !isClosedStage(s.key)),
    ...CLOSED_STAGES.map((end) => stages.find((s) => s.key === end)!),
  ]
  return ctx.db.transaction(async (tx) => {
    const before = await listStages(tx)
    const removed = before.filter((s) => !keys.includes(s.key)).map((s) => s.key)
    if (removed.length > 0) {
      const [used] = await tx
        .select({ stage: enquiries.stage })
        .from(enquiries)
        .where(inArray(enquiries.stage, removed))
        .limit(1)
      if (used) throw badRequest(`Stage "${used.stage}" has enquiries; move them before removing it`, 'stages')
    }
    await tx.delete(enquiryStages).where(sql`true`)
    await tx.insert(enquiryStages).values(ordered.map((s, position) => ({ ...s, position })))
    await appendAudit(tx, ctx.actor, {
      action: 'update',
      kind: 'enquiry-stages',
      recordLabel: 'Enquiry stages',
      changes: { stages: { from: before, to: ordered } },
    })
    return ordered
  })
}

/** An enquiry's label for mails: the stage's name, or its key when it is gone. */
export async function stageLabel(db: Executor, key: string): Promise<string> {
  const [row] = await db.select().from(enquiryStages).where(eq(enquiryStages.key, key))
  return row?.label ?? DEFAULT_ENQUIRY_STAGES.find((s) => s.key === key)?.label ?? key
}
