import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { HONEYPOT_FIELD } from '../../shared/constants.js'
import { enquirySchema } from '../../shared/schemas/enquiry.schema.js'
import { createEnquiry, getEnquiry, listEnquiries, setEnquiryHandled } from '../services/enquiries.js'
import { enquiriesToCsv } from '../services/enquiry-csv.js'
import { jsonBody, parseInput } from './parse.js'
import { idParam } from './params.js'

const ENQUIRY_SENT = 'Thank you! Your message has been received.'

export async function enquiryRoutes(app: FastifyInstance, options: { sendEmailPerIpPer15Min: number }) {
  const { ctx } = app
  const admin = { preHandler: app.requireAdmin }

  app.post(
    '/send-email',
    { config: { rateLimit: { max: options.sendEmailPerIpPer15Min, timeWindow: '15 minutes' } } },
    async (request) => {
      const { [HONEYPOT_FIELD]: honeypot, ...input } = parseInput(enquirySchema, jsonBody(request))
      // A bot filled the invisible field: it hears the usual answer, nobody gets mail.
      if (honeypot) {
        request.log.info('honeypot filled; enquiry dropped')
        return { message: ENQUIRY_SENT }
      }
      await createEnquiry(ctx.db, input)
      app.outbox.wake()
      return { message: ENQUIRY_SENT }
    },
  )

  app.get('/get-enquiries', admin, async () => listEnquiries(ctx.db))
  app.get('/enquiries.csv', admin, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="enquiries-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(enquiriesToCsv(await listEnquiries(ctx.db))),
  )
  app.get('/get-enquiry/:id', admin, async (request) => getEnquiry(ctx.db, idParam(request, 'Enquiry not found')))
  app.put('/update-enquiry/:id', admin, async (request) => {
    const id = idParam(request, 'Enquiry not found')
    const { handled } = parseInput(
      z.object({ handled: z.boolean({ error: 'handled must be true or false' }) }),
      jsonBody(request),
    )
    return { enquiry: await setEnquiryHandled(ctx.db, id, handled) }
  })
}
