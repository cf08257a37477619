import type { FastifyInstance } from 'fastify'
import { enquiryFilterSchema } from '../../shared/schemas/enquiry.schema.js'
import { actingAs } from '../plugins/auth.js'
import { policy } from '../services/access-policy.js'
import {
  deleteEnquiry,
  getEnquiryDetail,
  listEnquiries,
  recordEnquiryExport,
  submitEnquiry,
} from '../services/enquiries.js'
import { updateEnquiry } from '../services/enquiry-updates.js'
import { enquiriesToCsv } from '../services/enquiry-csv.js'
import { listPage } from './list-query.js'
import { parseInput } from '../validation.js'
import { jsonBody } from './json-body.js'
import { idParam } from './params.js'

const ENQUIRY_SENT = 'Thank you! Your message has been received.'

export async function enquiryRoutes(app: FastifyInstance, options: { sendEmailPerIpPer15Min: number }) {
  const { ctx } = app
  // Enquiries are for owners and editors (decision 088).
  const admin = app.allow(policy.enquiries)

  app.post(
    '/send-email',
    { config: { rateLimit: { max: options.sendEmailPerIpPer15Min, timeWindow: '15 minutes' } } },
    async (request) => {
      const { stored } = await submitEnquiry({ db: ctx.db, outbox: app.outbox }, jsonBody(request))
      if (!stored) request.log.info('honeypot filled; enquiry dropped')
      return { message: ENQUIRY_SENT }
    },
  )

  // Filters: ?project=<slug>&language=<code>&status=pending|sent&stage=<key>&ownerId=<id>|none&followUp=due
  // (docs/api.md).
  const filterOf = (request: { query: unknown }) => {
    const { project, language, status, stage, ownerId, followUp } = parseInput(enquiryFilterSchema, request.query)
    return { project, language, status, stage, ownerId, followUp }
  }
  app.get('/get-enquiries', admin, async (request) => listEnquiries(ctx.db, listPage(request), filterOf(request)))
  app.get('/enquiries.csv', admin, async (request, reply) => {
    const filter = filterOf(request)
    const rows = await listEnquiries(ctx.db, {}, filter)
    await recordEnquiryExport(actingAs(request), filter, rows.length)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="enquiries-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(enquiriesToCsv(rows))
  })
  app.get('/get-enquiry/:id', admin, async (request) => getEnquiryDetail(ctx.db, idParam(request, 'Enquiry not found')))
  // handled, and (issue 42) stage, ownerId, value, followUpAt.
  app.put('/update-enquiry/:id', admin, async (request) => {
    const enquiry = await updateEnquiry(actingAs(request), idParam(request, 'Enquiry not found'), jsonBody(request))
    app.outbox.wake()
    app.enquiryReminders.wake()
    return { enquiry }
  })
  // Erasure (issue 11): the enquiry and its deliveries are deleted for good.
  app.delete('/delete-enquiry/:id', admin, async (request) => {
    await deleteEnquiry(actingAs(request), idParam(request, 'Enquiry not found'))
    return { message: 'Enquiry deleted' }
  })
}
