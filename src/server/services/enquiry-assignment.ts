import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { enquiryRulesSchema } from '../../shared/schemas/enquiry-workspace.schema.js'
import type { EnquiryRule } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { admins, enquiryAssignmentTurn, enquiryRules, projects } from '../db/schema.js'
import { badRequest } from '../errors.js'
import { parseInput } from '../validation.js'
import { appendAudit } from './audit-log.js'
import type { ServiceContext } from './context.js'

/** Who can own an enquiry: an owner or editor whose account is active. */
const activeStaff = and(inArray(admins.role, ['owner', 'editor']), isNull(admins.deactivatedAt))

export async function isActiveStaff(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.id, id), activeStaff))
  return row !== undefined
}

/** The people the owner pickers offer: active owners and editors, by name (ids and names only). */
export async function listEnquiryOwners(db: Executor): Promise<{ owners: { _id: string; name: string }[] }> {
  const rows = await db
    .select({ _id: admins.id, name: admins.username })
    .from(admins)
    .where(activeStaff)
    .orderBy(asc(admins.username))
  return { owners: rows }
}

export async function listRules(db: Executor): Promise<{ rules: EnquiryRule[] }> {
  const rows = await db.select().from(enquiryRules).orderBy(asc(enquiryRules.position))
  return { rules: rows.map(({ language, projectId, ownerId }) => ({ language, projectId, ownerId })) }
}

/** Replaces the rules; each names an active owner or editor, and a project that exists. */
export async function saveRules(ctx: ServiceContext, input: unknown): Promise<{ rules: EnquiryRule[] }> {
  const { rules } = parseInput(enquiryRulesSchema, input)
  return ctx.db.transaction(async (tx) => {
    // The message names the rule as the screen shows it (Rule 1); the field, as the body has it.
    for (const [i, rule] of rules.entries()) {
      if (!(await isActiveStaff(tx, rule.ownerId)))
        throw badRequest(`Rule ${i + 1}: the owner must be an active owner or editor`, `rules.${i}.ownerId`)
      if (rule.projectId) {
        const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, rule.projectId))
        if (!project) throw badRequest(`Rule ${i + 1}: that project no longer exists`, `rules.${i}.projectId`)
      }
      if (!rule.projectId && !rule.language)
        throw badRequest(`Rule ${i + 1} needs a language or a project`, `rules.${i}`)
    }
    const before = await listRules(tx)
    await tx.delete(enquiryRules).where(sql`true`)
    if (rules.length > 0)
      await tx.insert(enquiryRules).values(rules.map((rule, position) => ({ id: randomUUID(), position, ...rule })))
    await appendAudit(tx, ctx.actor, {
      action: 'update',
      kind: 'enquiry-rules',
      recordLabel: 'Enquiry assignment rules',
      changes: { rules: { from: before.rules, to: rules } },
    })
    return { rules }
  })
}

/**
 * The owner of a new enquiry (decision 151): a rule for its project (any language of the
 * project), else one for its language, else the next active owner or editor in turn. The turn
 * is a row locked in the enquiry's own transaction, so instances taking enquiries at once still
 * take turns.
 */
export async function chooseOwner(
  tx: Executor,
  enquiry: { projectId: string | null; language: string | null },
): Promise<string | null> {
  const rules = await tx
    .select({ ownerId: enquiryRules.ownerId, projectId: enquiryRules.projectId, language: enquiryRules.language })
    .from(enquiryRules)
    .innerJoin(admins, eq(admins.id, enquiryRules.ownerId))
    .where(activeStaff)
    .orderBy(asc(enquiryRules.position))
  if (enquiry.projectId) {
    const [project] = await tx
      .select({ groupId: projects.groupId })
      .from(projects)
      .where(eq(projects.id, enquiry.projectId))
    const group = project?.groupId
    const byProject = rules.find((r) => r.projectId && (r.projectId === enquiry.projectId || r.projectId === group))
    if (byProject) return byProject.ownerId
  }
  const byLanguage = rules.find((r) => !r.projectId && r.language && r.language === enquiry.language)
  if (byLanguage) return byLanguage.ownerId
  return nextInTurn(tx)
}

async function nextInTurn(tx: Executor): Promise<string | null> {
  await tx.insert(enquiryAssignmentTurn).values({ id: 1 }).onConflictDoNothing()
  const [turn] = await tx.select().from(enquiryAssignmentTurn).where(eq(enquiryAssignmentTurn.id, 1)).for('update')
  const staff = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(activeStaff)
    .orderBy(asc(admins.createdAt), asc(admins.id))
  if (staff.length === 0) return null
  const last = staff.findIndex((s) => s.id === turn?.lastOwnerId)
  const next = staff[(last + 1) % staff.length]!.id
  await tx.update(enquiryAssignmentTurn).set({ lastOwnerId: next }).where(eq(enquiryAssignmentTurn.id, 1))
  return next
}
