import type { FastifyInstance } from 'fastify'
import { statsRangeSchema } from '../../shared/schemas/stats.schema.js'
import { attentionItems } from '../stats/attention.js'
import { statsToCsv } from '../stats/stats-csv.js'
import { statsReport } from '../stats/stats-report.js'
import { parseInput } from '../validation.js'
import { policy } from '../services/access-policy.js'
import { personOf } from '../plugins/auth.js'

export async function statsRoutes(app: FastifyInstance) {
  const { ctx } = app
  // Owners and editors (access-policy.ts).
  const staff = app.allow(policy.stats)

  // ?from=YYYY-MM-DD&to=YYYY-MM-DD (docs/api.md).
  app.get('/stats', staff, async (request) => statsReport(ctx.db, parseInput(statsRangeSchema, request.query)))
  app.get('/stats.csv', staff, async (request, reply) => {
    const range = parseInput(statsRangeSchema, request.query)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="stats-${range.from}-${range.to}.csv"`)
      .send(statsToCsv(await statsReport(ctx.db, range)))
  })
  app.get('/attention', app.allow(policy.attention), async (request) => {
    const person = personOf(request)
    return attentionItems(ctx.db, policy.stats(person) ? person.languages : undefined)
  })
}
