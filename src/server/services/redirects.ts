import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, isNotNull, or } from 'drizzle-orm'
import { normalizeAddress } from '../../shared/address.js'
import type { Redirect, RedirectInput } from '../../shared/schemas/redirect.schema.js'
import { RESERVED_PATH_PREFIXES, RESERVED_PATHS, SITE_PAGES } from '../../shared/site-pages.js'
import type { Executor } from '../db/client.js'
import { languages, projects, redirects } from '../db/schema.js'
import { badRequest, conflict, isUniqueViolation, notFound } from '../errors.js'
import { appendAudit } from './audit-log.js'
import type { ServiceContext } from './context.js'

// Redirects (issue 24, item 2; decision 101). Every row points straight at a final address: a new
// row's target is followed to its end when it is written, and rows that pointed at the new row's
// source are moved on to that end, so a visitor gets one 301 whatever the history.

/** Longer chains than this cannot be made (each write collapses them); it bounds a broken table. */
const MAX_HOPS = 20

type Row = typeof redirects.$inferSelect

const toRedirect = (row: Row): Redirect => ({
  _id: row.id,
  from: row.fromPath,
  to: row.toPath,
  status: row.status === 410 ? 410 : 301,
  source: row.source,
  language: row.language,
  createdAt: row.createdAt.toISOString(),
})

export async function listRedirects(db: Executor): Promise<Redirect[]> {
  const rows = await db.select().from(redirects).orderBy(desc(redirects.createdAt), desc(redirects.id))
  return rows.map(toRedirect)
}

/** Where a redirect may point: a path here (normalised), or an address elsewhere as it is. */
function targetOf(to: string, publicUrl: string): string {
  const origin = new URL(publicUrl).origin
  if (/^https?:\/\//i.test(to)) {
    const url = new URL(to)
    if (url.origin !== origin) return url.toString()
    return normalizeAddress(`${url.pathname}${url.search}`) ?? '/'
  }
  const path = normalizeAddress(to)
  if (!path) throw badRequest('To must be a path such as /about, or an address starting with https://', 'to')
  return path
}

/** Whether the site answers this path with a page (or a file, the API, the back office). */
export async function isSitePath(db: Executor, path: string): Promise<boolean> {
  const bare = path.split('?')[0]!
  if ((RESERVED_PATHS as readonly string[]).includes(bare)) return true
  if (RESERVED_PATH_PREFIXES.some((prefix) => bare === prefix.replace(/\/$/, '') || bare.startsWith(prefix)))
    return true
  const project = /^\/project\/([^/]+)$/.exec(bare)?.[1]
  if (project) {
    const slug = decodeURIComponent(project)
    const isId = /^[0-9a-f-]{36}$/i.test(slug)
    const [row] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(isId ? or(eq(projects.slug, slug), eq(projects.id, slug.toLowerCase())) : eq(projects.slug, slug))
      .limit(1)
    return Boolean(row)
  }
  const pages = SITE_PAGES.map((page) => page.path) as string[]
  if (pages.includes(bare)) return true
  const [, code, ...rest] = bare.split('/')
  const inLanguage = rest.length === 0 ? '/' : `/${rest.join('/')}`
  if (!code || !pages.includes(inLanguage)) return false
  const [language] = await db.select({ id: languages.id }).from(languages).where(eq(languages.code, code.toLowerCase()))
  return Boolean(language)
}

/** The end of the chain that starts at `path`: itself when it is not redirected. */
async function finalTarget(db: Executor, path: string): Promise<{ path: string; gone: boolean; hops: string[] }> {
  const hops = [path]
  let current = path
  for (let i = 0; i < MAX_HOPS; i++) {
    const [row] = await db.select().from(redirects).where(eq(redirects.fromPath, current))
    if (!row) return { path: current, gone: false, hops }
    if (row.status === 410 || !row.toPath) return { path: current, gone: true, hops }
    current = row.toPath
    hops.push(current)
    if (hops.indexOf(current) !== hops.length - 1) break
  }
  return { path: current, gone: false, hops }
}

interface Origin {
  source: 'admin' | 'import' | 'slug'
  recordKind?: string | null
  recordId?: string | null
  language?: string | null
}

/**
 * Writes one redirect, refusing what cannot work: a source that is a page of this site, one that
 * is redirected already, a target that is gone, a loop. Answers the stored row.
 */
async function writeRedirect(tx: Executor, input: RedirectInput, publicUrl: string, origin: Origin): Promise<Redirect> {
  const from = input.from
  const to = targetOf(input.to, publicUrl)
  if (to === from) throw badRequest('A redirect cannot point to the address it comes from', 'to')
  if (await isSitePath(tx, from))
    throw conflict(`${from} is a page of this site; a redirect from it would hide the page`, 'from')
  const [existing] = await tx.select().from(redirects).where(eq(redirects.fromPath, from))
  if (existing)
    throw conflict(`${from} already redirects to ${existing.toPath ?? '(gone)'}; delete that redirect first`, 'from')
  const end = to.startsWith('/') ? await finalTarget(tx, to) : { path: to, gone: false, hops: [to] }
  if (end.gone) throw conflict(`${end.path} is gone (410); point the redirect at a page that exists`, 'to')
  if (end.path === from || end.hops.includes(from))
    throw conflict(`This redirect would make a loop: ${[from, ...end.hops].join(' → ')}`, 'to')
  const [row] = await tx
    .insert(redirects)
    .values({
      id: randomUUID(),
      fromPath: from,
      toPath: end.path,
      status: 301,
      source: origin.source,
      recordKind: origin.recordKind ?? null,
      recordId: origin.recordId ?? null,
      language: origin.language ?? null,
    })
    .returning()
  // Whatever pointed at `from` now goes straight to the end.
  await tx.update(redirects).set({ toPath: end.path }).where(eq(redirects.toPath, from))
  return toRedirect(row!)
}

export async function addRedirect(ctx: ServiceContext, input: RedirectInput, publicUrl: string): Promise<Redirect> {
  const redirect = await ctx.db
    .transaction(async (tx) => {
      const written = await writeRedirect(tx, input, publicUrl, { source: 'admin' })
      await appendAudit(tx, ctx.actor, {
        action: 'create',
        kind: 'redirect',
        recordId: written._id,
        recordLabel: written.from,
        changes: { to: { from: null, to: written.to } },
      })
      return written
    })
    .catch((error: unknown) => {
      // Another admin added the same address a moment ago.
      if (isUniqueViolation(error))
        throw conflict(`${input.from} already redirects; delete that redirect first`, 'from')
      throw error
    })
  ctx.contentChanged()
  return redirect
}

export async function deleteRedirect(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning()
    if (!row) throw notFound('Redirect not found')
    await appendAudit(tx, ctx.actor, {
      action: 'delete',
      kind: 'redirect',
      recordId: row.id,
      recordLabel: row.fromPath,
      changes: { to: { from: row.toPath, to: null } },
    })
  })
  ctx.contentChanged()
}

/** Every row of an import, or none: a refused line names itself and why. */
export async function importRedirects(
  ctx: ServiceContext,
  rows: { line: number; input: RedirectInput }[],
  publicUrl: string,
): Promise<{ added: number }> {
  await ctx.db.transaction(async (tx) => {
    for (const { line, input } of rows) {
      try {
        await writeRedirect(tx, input, publicUrl, { source: 'import' })
      } catch (error) {
        const reason = (error as Error).message
        throw Object.assign(error as Error, { message: `Line ${line}: ${reason}` })
      }
    }
    await appendAudit(tx, ctx.actor, {
      action: 'import',
      kind: 'redirect',
      recordLabel: `${rows.length} redirect${rows.length === 1 ? '' : 's'}`,
    })
  })
  ctx.contentChanged()
  return { added: rows.length }
}

// For publishing (slug changes, trash): call inside the change's transaction.

/**
 * A record's page moved from `oldPaths` to `newPath` (a slug change): each old path answers 301
 * to the new one, rows that pointed at an old path now point at the new one, and a row whose
 * source is the new path (it was a page once before) is dropped, since the page is back.
 */
export async function recordMoved(
  tx: Executor,
  move: { oldPaths: string[]; newPath: string; kind: string; recordId: string; language: string },
): Promise<void> {
  await tx.delete(redirects).where(eq(redirects.fromPath, move.newPath))
  await tx.update(redirects).set({ toPath: move.newPath, status: 301 }).where(inArray(redirects.toPath, move.oldPaths))
  for (const from of move.oldPaths.filter((path) => path !== move.newPath)) {
    await tx
      .insert(redirects)
      .values({
        id: randomUUID(),
        fromPath: from,
        toPath: move.newPath,
        status: 301,
        source: 'slug',
        recordKind: move.kind,
        recordId: move.recordId,
        language: move.language,
      })
      .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath: move.newPath, status: 301 } })
  }
}

/**
 * A record went to the trash or was purged: its current paths, the old paths that led to it and
 * the addresses redirected there answer 410 Gone. `recordRestored` undoes it.
 */
export async function recordGone(
  tx: Executor,
  gone: { paths: string[]; kind: string; recordId: string; language: string },
): Promise<void> {
  await tx
    .update(redirects)
    .set({ status: 410 })
    .where(
      or(
        and(eq(redirects.recordKind, gone.kind), eq(redirects.recordId, gone.recordId)),
        inArray(redirects.toPath, gone.paths),
      ),
    )
  for (const from of gone.paths)
    await tx
      .insert(redirects)
      .values({
        id: randomUUID(),
        fromPath: from,
        toPath: null,
        status: 410,
        source: 'trash',
        recordKind: gone.kind,
        recordId: gone.recordId,
        language: gone.language,
      })
      .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath: null, status: 410 } })
}

/** A trashed record came back: its own paths are pages again, its old ones 301 to them again. */
export async function recordRestored(tx: Executor, restored: { paths: string[]; kind: string; recordId: string }) {
  await tx.delete(redirects).where(and(inArray(redirects.fromPath, restored.paths), eq(redirects.source, 'trash')))
  await tx
    .update(redirects)
    .set({ status: 301 })
    .where(
      and(
        isNotNull(redirects.toPath),
        or(
          and(eq(redirects.recordKind, restored.kind), eq(redirects.recordId, restored.recordId)),
          inArray(redirects.toPath, restored.paths),
        ),
      ),
    )
}
