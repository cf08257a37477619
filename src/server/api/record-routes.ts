import type { FastifyInstance } from 'fastify'
import type { Executor } from '../db/client.js'
import { listAnswer } from '../public-api/list-in-slices.js'
import { originalId, publicGet, sliceKey } from '../public-api/public-answer.js'
import { policy } from '../services/access-policy.js'
import { actingAs } from '../plugins/auth.js'
import { trashRecord } from '../services/publishing/trash.js'
import type { RecordKind } from '../services/publishing/record-kinds.js'
import type { ListPage } from '../services/translation-groups.js'
import { listPage } from './list-query.js'
import { idParam, stringParam } from './params.js'

export interface RecordReads {
  /** Each published original in a language (its translation, or itself), as the site lists them. */
  listIn(db: Executor, language: string, page?: ListPage): Promise<Parameters<typeof originalId>[0][]>
  /** The back office's record, with its publishing state and draft. */
  get(db: Executor, id: string): Promise<unknown>
  /** The other members of its translation group. */
  translationsOf(db: Executor, id: string): Promise<unknown[]>
}

/**
 * The routes every kind of record answers alike (SPEC 7): `get-projects/:lang` and
 * `get-reviews/:lang` for the site, from the answer cache (public-api/); `get-project/:id`,
 * `get-review/:id`, their `-translations` and `delete-project/:id`, `delete-review/:id` for the
 * back office, behind the access policy. `afterDelete` runs before the answer.
 */
export function recordRoutes(
  app: FastifyInstance,
  kind: RecordKind,
  reads: RecordReads,
  afterDelete: () => Promise<void> = async () => {},
) {
  const { ctx } = app
  const list = `get-${kind.kind}s`
  publicGet(app, `/${list}/:lang`, (request) => {
    const lang = stringParam(request, 'lang').toLowerCase()
    const page = listPage(request)
    return {
      key: `${list}/${lang}${sliceKey(page)}`,
      build: () => listAnswer(page, (slice) => reads.listIn(ctx.db, lang, slice), originalId),
    }
  })
  const read = app.allow(policy.readContent)
  app.get(`/get-${kind.kind}/:id`, read, async (request) => reads.get(ctx.db, idParam(request, kind.notFound)))
  app.get(`/get-${kind.kind}-translations/:id`, read, async (request) =>
    reads.translationsOf(ctx.db, idParam(request, kind.notFound)),
  )

  // Into the trash, an original with its translations (trash.ts).
  app.delete(`/delete-${kind.kind}/:id`, app.allow(policy.delete), async (request) => {
    await trashRecord(actingAs(request), kind, idParam(request, kind.notFound))
    await afterDelete()
    return { message: `${kind.label} deleted` }
  })
}
