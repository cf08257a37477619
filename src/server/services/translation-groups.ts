import { and, type AnyColumn, asc, count, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '../db/client.js'
import { badRequest, conflict, isUniqueViolation, notFound } from '../errors.js'
import { languageExists } from './languages.js'

/**
 * Projects and reviews both come as translation groups: an original (its own group, parentId
 * null) and its translations (groupId and parentId = the original). This module is the one place
 * that reads and writes groups; projects.ts and reviews.ts only map rows to their API shapes.
 */

export interface GroupRow {
  id: string
  groupId: string
  parentId: string | null
  language: string
  createdAt: Date
}

interface GroupColumns {
  id: AnyColumn
  groupId: AnyColumn
  parentId: AnyColumn
  language: AnyColumn
  createdAt: AnyColumn
}

/** A row and every member of its group, oldest first (so the original comes first). */
export interface GroupMember<R extends GroupRow> {
  row: R
  group: R[]
}

/** A slice of a list: newest first unless `oldestFirst`. No `limit` means the whole list. */
export interface ListPage {
  limit?: number
  offset?: number
  oldestFirst?: boolean
  /**
   * Only what comes after this row (by id) in the list's order: for lists of originals, an
   * original. How a whole list is read in slices (public-api/list-in-slices.ts): an offset makes
   * the database sort and skip everything before it for every slice.
   */
  after?: string
}

export interface GroupedContent {
  /** The table's unique index on (group_id, language): a second version in one language. */
  groupLanguageConstraint: string
  notFoundMessage: string
  /** For the 409 when a group already has a version in a language ("This review already…"). */
  noun: string
}

export function byGroupId<T extends { groupId: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const group = groups.get(row.groupId)
    if (group) group.push(row)
    else groups.set(row.groupId, [row])
  }
  return groups
}

/** What the site never reads of a row: its draft and a translation's source text (decision 081). */
export const PUBLIC_OMITTED_COLUMNS = ['draft', 'sourceText'] as const

/**
 * `visible` is the condition every row this reader sees must meet: the back office sees what is
 * not in the trash; the site sees what is published and not in the trash (decision 081). A
 * translation whose original is hidden is hidden with it (see `memberOfVisibleGroup`).
 */
export function translationGroups<R extends GroupRow>(
  table: PgTable & GroupColumns,
  content: GroupedContent,
  visible?: SQL,
  /** Columns this reader never needs (the site: the draft and the translation's source text). */
  omit: readonly string[] = [],
) {
  // The (created_at, id) indexes are DESC NULLS LAST, and ORDER BY … DESC means NULLS FIRST: the
  // NULLS must be written for the database to read an index in order (and stop at the limit)
  // instead of sorting the whole table for every page (measured in docs/performance.md).
  const order = (page: ListPage = {}) =>
    page.oldestFirst
      ? [sql`${table.createdAt} asc nulls first`, sql`${table.id} asc nulls first`]
      : [sql`${table.createdAt} desc nulls last`, sql`${table.id} desc nulls last`]
  const only = (condition: SQL | undefined) => (visible ? and(visible, condition) : condition)
  const columns = Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => !omit.includes(name)))
  const select = (db: Executor) => db.select(columns).from(table as PgTable)
  // The row value comparison walks the (created_at, id) indexes from the given row on.
  const after = (page: ListPage = {}) =>
    page.after === undefined
      ? undefined
      : page.oldestFirst
        ? sql`(${table.createdAt}, ${table.id}) > (select created_at, id from ${table} where id = ${page.after})`
        : sql`(${table.createdAt}, ${table.id}) < (select created_at, id from ${table} where id = ${page.after})`

  async function withGroups(db: Executor, rows: R[]): Promise<GroupMember<R>[]> {
    const groupIds = [...new Set(rows.map((r) => r.groupId))]
    const members = groupIds.length
      ? ((await select(db)
          .where(only(inArray(table.groupId, groupIds)))
          .orderBy(asc(table.createdAt), asc(table.id))) as R[])
      : []
    const groups = byGroupId(members)
    // A group whose original is hidden shows no translation of it (unpublishing an original hides all).
    if (visible) for (const [id, group] of groups) if (!group.some((m) => m.id === id)) groups.set(id, [])
    return rows.map((row) => ({ row, group: groups.get(row.groupId) ?? [row] }))
  }

  async function originals(db: Executor, page: ListPage = {}): Promise<R[]> {
    const query = select(db)
      .where(only(and(isNull(table.parentId), after(page))))
      .orderBy(...order(page))
      .$dynamic()
    if (page.limit !== undefined) query.limit(page.limit)
    if (page.offset) query.offset(page.offset)
    return (await query) as R[]
  }

  async function find(db: Executor, id: string): Promise<R | undefined> {
    const [row] = (await select(db).where(only(eq(table.id, id)))) as R[]
    return row
  }

  async function get(db: Executor, id: string): Promise<R> {
    const row = await find(db, id)
    if (!row) throw notFound(content.notFoundMessage)
    return row
  }

  return {
    withGroups,
    find,
    get,

    /** The row, locked until the transaction ends: the one way to read a row you are about to write. */
    async lock(tx: Executor, id: string): Promise<R> {
      const [row] = (await select(tx)
        .where(only(eq(table.id, id)))
        .for('update')) as R[]
      if (!row) throw notFound(content.notFoundMessage)
      return row
    },

    /** Every row, originals and translations, newest first. */
    async list(db: Executor, page: ListPage = {}): Promise<GroupMember<R>[]> {
      const query = select(db)
        .where(only(after(page)))
        .orderBy(...order(page))
        .$dynamic()
      if (page.limit !== undefined) query.limit(page.limit)
      if (page.offset) query.offset(page.offset)
      const members = await withGroups(db, (await query) as R[])
      return visible ? members.filter(({ group }) => group.length > 0) : members
    },

    /** Each original (newest first), shown as its version in `language`, or itself when it has none. */
    async listIn(db: Executor, language: string, page: ListPage = {}): Promise<GroupMember<R>[]> {
      if (!(await languageExists(db, language))) throw notFound('Language not found')
      const members = await withGroups(db, await originals(db, page))
      return members.map(({ row, group }) => ({ row: group.find((m) => m.language === language) ?? row, group }))
    },

    /** Whole groups, originals newest first (every language version of each). */
    async groups(db: Executor, page: ListPage = {}): Promise<GroupMember<R>[][]> {
      const members = await withGroups(db, await originals(db, page))
      return members.map(({ group }) => group.map((row) => ({ row, group })))
    },

    async countOriginals(db: Executor): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(table as PgTable)
        .where(only(isNull(table.parentId)))
      return row?.n ?? 0
    },

    /** The translations of a row's original (for a translation: its siblings, not itself). */
    async translationsOf(db: Executor, id: string): Promise<GroupMember<R>[]> {
      const row = await get(db, id)
      const [{ group } = { group: [] as R[] }] = await withGroups(db, [row])
      return group.filter((m) => m.parentId !== null && m.id !== row.id).map((m) => ({ row: m, group }))
    },

    /**
     * The original to translate, given the id of any member of its group (translating a
     * translation means translating its original). Only "no such row" is a 404.
     */
    async originalFor(db: Executor, id: string, missing: string): Promise<R> {
      const found = await find(db, id)
      if (!found) throw notFound(missing)
      return found.parentId ? get(db, found.parentId) : found
    },

    /** The rows a delete removes: a translation alone, or an original with its whole group. */
    async removedWith(db: Executor, row: R): Promise<R[]> {
      return row.parentId ? [row] : ((await select(db).where(only(eq(table.groupId, row.id)))) as R[])
    },

    /** Whether a row's group is visible to this reader: a translation of a hidden original is not. */
    async memberOfVisibleGroup(db: Executor, row: R): Promise<boolean> {
      return !row.parentId || (await find(db, row.parentId)) !== undefined
    },

    /** A second version of a group in one language is a 409 naming the field. */
    explainConflict(error: unknown): never {
      if (isUniqueViolation(error, content.groupLanguageConstraint)) {
        throw conflict(`This ${content.noun} already has a version in that language`, 'language')
      }
      throw error
    },
  }
}

/** The language a record is written in must exist. */
export async function checkLanguage(db: Executor, language: string, field = 'language'): Promise<void> {
  if (!(await languageExists(db, language))) throw badRequest(`Language "${language}" does not exist`, field)
}
