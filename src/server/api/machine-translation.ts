import type { FastifyInstance } from 'fastify'
import {
  approveMachineSchema,
  glossarySchema,
  languagePairSchema,
  machineFillSchema,
  glossaryImportSchema,
  machineKindSchema,
  memoryQuerySchema,
} from '../../shared/schemas/machine-translation.schema.js'
import { HttpError, notFound } from '../errors.js'
import { actingAs, check } from '../plugins/auth.js'
import { policy } from '../services/access-policy.js'
import { appendAudit } from '../services/audit-log.js'
import { glossaryOf, replaceGlossary } from '../translation/glossary.js'
import { glossaryCsv, parseGlossaryCsv } from '../translation/glossary-csv.js'
import { approveMachineFields, machineFill, type MachineSetup, offeredPairs } from '../translation/machine-fill.js'
import { memoryTmx, searchMemory } from '../translation/memory.js'
import { ProviderError } from '../translation/providers/provider.js'
import { charactersThisMonth, monthOf } from '../translation/usage.js'
import { parseInput } from '../validation.js'
import { jsonBody } from './json-body.js'
import { idParam, stringParam } from './params.js'

/** A provider's failure as a clear answer: 429 when it asks to wait, 502 otherwise; never a 500. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ProviderError)
      throw new HttpError(
        error.status,
        error.message,
        undefined,
        error.retryAfter ? { 'retry-after': error.retryAfter } : undefined,
      )
    throw error
  }
}

/** Machine translation, memory and glossary (issue 40, decisions 140-144). */
export async function machineTranslationRoutes(app: FastifyInstance, setup: MachineSetup) {
  const { ctx } = app
  const read = app.allow(policy.readContent)
  const kindOf = (raw: string) => {
    const kind = machineKindSchema.safeParse(raw)
    if (!kind.success) throw notFound('Nothing to translate there: project, review or translation-page')
    return kind.data
  }

  app.get('/machine-translation', read, async () =>
    answering(async () => ({
      provider: setup.provider?.name ?? null,
      pairs: setup.provider ? await offeredPairs(setup.provider) : [],
      usage: { month: monthOf(), characters: await charactersThisMonth(ctx.db), limit: setup.monthlyLimit },
    })),
  )

  app.post('/machine-translate/:kind/:id', read, async (request) => {
    const kind = kindOf(stringParam(request, 'kind'))
    const id = idParam(request, 'Not found')
    const input = parseInput(machineFillSchema, jsonBody(request))
    check(request, (p) => policy.saveDraft(p, { kind, language: input.language, original: false }))
    return answering(() => machineFill(actingAs(request), setup, { kind, id, ...input }))
  })

  app.post('/approve-machine-fields/:kind/:id', read, async (request) => {
    const kind = kindOf(stringParam(request, 'kind'))
    const id = idParam(request, 'Not found')
    const input = parseInput(approveMachineSchema, jsonBody(request))
    check(request, (p) => policy.saveDraft(p, { kind, language: input.language, original: false }))
    return approveMachineFields(actingAs(request), kind, id, input.language, input.fields)
  })

  app.get('/translation-memory', read, async (request) => {
    const { source, target, q } = parseInput(memoryQuerySchema, request.query)
    return { entries: await searchMemory(ctx.db, { source, target }, q) }
  })

  app.get('/translation-memory.tmx', read, async (request, reply) => {
    const pair = parseInput(languagePairSchema, request.query)
    reply
      .type('application/x-tmx+xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="memory-${pair.source}-${pair.target}.tmx"`)
    return memoryTmx(ctx.db, pair)
  })

  const glossaryPair = (request: Parameters<typeof stringParam>[0]) =>
    parseInput(languagePairSchema, { source: stringParam(request, 'source'), target: stringParam(request, 'target') })

  app.get('/glossary/:source/:target', read, async (request) => ({
    terms: await glossaryOf(ctx.db, glossaryPair(request)),
  }))

  app.get('/glossary/:source/:target/csv', read, async (request, reply) => {
    const pair = glossaryPair(request)
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="glossary-${pair.source}-${pair.target}.csv"`)
    return glossaryCsv(await glossaryOf(ctx.db, pair))
  })

  // The CSV replaces the pair's terms, like a PUT.
  app.post('/glossary/:source/:target/import', app.allow(policy.glossary), async (request) => {
    const pair = glossaryPair(request)
    const { csv } = parseInput(glossaryImportSchema, jsonBody(request))
    return saveGlossary(request, pair, parseGlossaryCsv(csv))
  })

  app.put('/glossary/:source/:target', app.allow(policy.glossary), async (request) => {
    const pair = glossaryPair(request)
    const { terms } = parseInput(glossarySchema, jsonBody(request))
    return saveGlossary(request, pair, terms)
  })

  async function saveGlossary(
    request: Parameters<typeof actingAs>[0],
    pair: { source: string; target: string },
    terms: { source: string; target?: string | null }[],
  ) {
    const ctxOf = actingAs(request)
    const saved = await ctxOf.db.transaction(async (tx) => {
      const result = await replaceGlossary(
        tx,
        pair,
        terms.map((t) => ({ source: t.source, target: t.target ?? null })),
      )
      await appendAudit(tx, ctxOf.actor, {
        action: 'update-glossary',
        kind: 'glossary',
        recordLabel: `${pair.source} → ${pair.target}`,
        language: pair.target,
        changes: { terms: { from: null, to: result.length } },
      })
      return result
    })
    return { terms: saved }
  }
}
