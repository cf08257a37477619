import { randomUUID } from 'node:crypto'
import { asc, count, eq, sql } from 'drizzle-orm'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { LanguageInput } from '../../shared/schemas/language.schema.js'
import type { Language } from '../../shared/types.js'
import type { Db, Executor } from '../db/client.js'
import { languages, projects, reviews, translationPages } from '../db/schema.js'
import { conflict, HttpError, isUniqueViolation, notFound } from '../errors.js'
import type { ServiceContext } from './context.js'
import { appendAudit, fieldChanges } from './audit-log.js'

const toLanguage = (row: typeof languages.$inferSelect): Language => ({ _id: row.id, name: row.name, code: row.code })

export async function listLanguages(db: Executor): Promise<Language[]> {
  const rows = await db.select().from(languages).orderBy(asc(languages.createdAt), asc(languages.code))
  return rows.map(toLanguage)
}

export async function getLanguage(db: Executor, id: string): Promise<Language> {
  const [row] = await db.select().from(languages).where(eq(languages.id, id))
  if (!row) throw notFound('Language not found')
  return toLanguage(row)
}

export async function languageExists(db: Executor, code: string): Promise<boolean> {
  const [row] = await db.select({ id: languages.id }).from(languages).where(eq(languages.code, code))
  return Boolean(row)
}

/** The base language always exists; called at every start. */
export async function ensureBaseLanguage(db: Db): Promise<void> {
  await db
    .insert(languages)
    .values({ id: randomUUID(), code: BASE_LANGUAGE, name: 'English' })
    .onConflictDoNothing({ target: languages.code })
}

const duplicateCode = (code: string) => conflict(`A language with code "${code}" already exists`, 'code')

export async function addLanguage(ctx: ServiceContext, input: LanguageInput): Promise<Language> {
  try {
    const language = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(languages)
        .values({ id: randomUUID(), ...input })
        .returning()
      await appendAudit(tx, ctx.actor, {
        action: 'create',
        kind: 'language',
        recordId: row!.id,
        recordLabel: row!.name,
        language: row!.code,
        changes: fieldChanges(null, row!, ['name', 'code']),
      })
      return toLanguage(row!)
    })
    ctx.contentChanged()
    return language
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode(input.code)
    throw error
  }
}

export async function updateLanguage(
  ctx: ServiceContext,
  id: string,
  input: Partial<LanguageInput>,
): Promise<Language> {
  const language = await ctx.db.transaction(async (tx) => {
    const current = await getLanguage(tx, id)
    const code = input.code ?? current.code
    if (code !== current.code) {
      if (current.code === BASE_LANGUAGE)
        throw new HttpError(409, 'The code of the base language cannot change', 'code')
      if (await languageExists(tx, code)) throw duplicateCode(code)
      // Content follows through the foreign keys' ON UPDATE CASCADE; page text is keyed by code
      // inside JSON, so it is renamed here in the same transaction.
      await tx.execute(sql`update ${translationPages}
        set translations = jsonb_set(translations, '{0}',
          (translations->0) - ${current.code}::text || jsonb_build_object(${code}::text, translations->0->${current.code}::text)),
          updated_at = now()
        where translations->0 ? ${current.code}::text`)
    }
    const [row] = await tx
      .update(languages)
      .set({ name: input.name ?? current.name, code })
      .where(eq(languages.id, id))
      .returning()
    const changes = fieldChanges({ name: current.name, code: current.code }, { name: row!.name, code: row!.code }, [
      'name',
      'code',
    ])
    if (Object.keys(changes).length > 0)
      await appendAudit(tx, ctx.actor, {
        action: 'update',
        kind: 'language',
        recordId: id,
        recordLabel: row!.name,
        language: code,
        changes,
      })
    return toLanguage(row!)
  })
  ctx.contentChanged()
  return language
}

/** en never goes; nor does a language that content is still written in. */
export async function deleteLanguage(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const language = await getLanguage(tx, id)
    if (language.code === BASE_LANGUAGE) throw conflict('The base language (en) cannot be deleted')
    const uses = await languageUsage(tx, language.code)
    const total = uses.projects + uses.reviews + uses.pages
    if (total > 0) {
      const parts = [
        uses.projects && `${uses.projects} project${uses.projects === 1 ? '' : 's'}`,
        uses.reviews && `${uses.reviews} review${uses.reviews === 1 ? '' : 's'}`,
        uses.pages && `${uses.pages} translation page${uses.pages === 1 ? '' : 's'}`,
      ].filter(Boolean)
      // Trashed content can still be restored, so it holds its language until it is purged.
      const inTrash = uses.trashed > 0 ? `, ${uses.trashed} of them in the Trash` : ''
      throw conflict(
        `${language.name} is used by ${total} item${total === 1 ? '' : 's'} (${parts.join(', ')})${inTrash}; remove them before deleting the language`,
      )
    }
    await tx.delete(languages).where(eq(languages.id, id))
    await appendAudit(tx, ctx.actor, {
      action: 'delete',
      kind: 'language',
      recordId: id,
      recordLabel: language.name,
      language: language.code,
    })
  })
  ctx.contentChanged()
}

async function languageUsage(tx: Executor, code: string) {
  const trashed = (column: typeof projects.trashedAt | typeof reviews.trashedAt) =>
    sql<number>`count(*) filter (where ${column} is not null)`.mapWith(Number)
  const [p] = await tx
    .select({ n: count(), trashed: trashed(projects.trashedAt) })
    .from(projects)
    .where(eq(projects.language, code))
  const [r] = await tx
    .select({ n: count(), trashed: trashed(reviews.trashedAt) })
    .from(reviews)
    .where(eq(reviews.language, code))
  const [t] = await tx.select({ n: count() }).from(translationPages)
    .where(sql`jsonb_typeof(${translationPages.translations}->0->${code}::text) = 'object'
      and ${translationPages.translations}->0->${code}::text <> '{}'::jsonb`)
  return { projects: p?.n ?? 0, reviews: r?.n ?? 0, pages: t?.n ?? 0, trashed: (p?.trashed ?? 0) + (r?.trashed ?? 0) }
}
