import type { FastifyInstance } from 'fastify'
import { statsRangeSchema } from '../../shared/schemas/stats.schema.js'
import { attentionItems } from '../stats/attention.js'
import { statsToCsv } from '../stats/stats-csv.js'
import { statsReport } from '../stats/stats-report.js'
import { parseInput } from '../validation.js'

// Owner and editor: the role policy is wired at merge with the roles work; until then, the admin.
export async function statsRoutes(app: FastifyInstance) {
  const { ctx } = app
  const admin = { preHandler: app.requireAdmin }

  // ?from=YYYY-MM-DD&to=YYYY-MM-DD (docs/api.md).
  app.get('/stats', admin, async (request) => statsReport(ctx.db, parseInput(statsRangeSchema, request.query)))
  app.get('/stats.csv', admin, async (request, reply) => {
    const range = parseInput(statsRangeSchema, request.query)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="stats-${range.from}-${range.to}.csv"`)
      .send(statsToCsv(await statsReport(ctx.db, range)))
  })
  app.get('/attention', admin, async () => attentionItems(ctx.db))
}
