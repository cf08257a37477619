import type { FastifyInstance } from 'fastify'
import { auditLogQuerySchema } from '../../shared/schemas/team.schema.js'
import { policy } from '../services/access-policy.js'
import { AUDIT_CSV_MAX_ROWS, auditLogToCsv, listAuditLog } from '../services/audit-log-query.js'
import { parseInput } from '../validation.js'

/** GET /audit-log: owners read it (filters, pages, ?format=csv). No route writes, edits or deletes an entry. */
export async function auditLogRoutes(app: FastifyInstance) {
  app.get('/audit-log', app.allow(policy.auditLog), async (request, reply) => {
    const query = parseInput(auditLogQuerySchema, request.query)
    if (query.format !== 'csv') return listAuditLog(app.ctx.db, query)
    const { entries } = await listAuditLog(app.ctx.db, query, { limit: AUDIT_CSV_MAX_ROWS, offset: 0 })
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(auditLogToCsv(entries))
  })
}
