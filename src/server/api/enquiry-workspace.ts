import type { FastifyInstance } from 'fastify'
import { actingAs } from '../plugins/auth.js'
import { policy } from '../services/access-policy.js'
import { listEnquiryOwners, listRules, saveRules } from '../services/enquiry-assignment.js'
import { mergeEnquiries } from '../services/enquiry-contacts.js'
import { type ReplySettings, replyToEnquiry } from '../services/enquiry-replies.js'
import { listStages, saveStages } from '../services/enquiry-stages.js'
import { addNote, enquiryAttachment, enquiryTimeline } from '../services/enquiry-timeline.js'
import { getEnquiryDetail } from '../services/enquiries.js'
import { jsonBody } from './json-body.js'
import { idParam } from './params.js'
import { isUuid } from '../../shared/ids.js'
import { notFound } from '../errors.js'

const NOT_FOUND = 'Enquiry not found'

/** The enquiry workspace (issue 42, docs/api.md): stages, rules, timeline, notes, replies, merges. */
export async function enquiryWorkspaceRoutes(app: FastifyInstance, options: ReplySettings) {
  const { ctx } = app
  // Owners and editors (decision 088); translators see no enquiries.
  const staff = app.allow(policy.enquiries)

  app.get('/enquiry-stages', staff, async () => ({ stages: await listStages(ctx.db) }))
  app.put('/enquiry-stages', app.allow(policy.enquiryStages), async (request) => ({
    stages: await saveStages(actingAs(request), jsonBody(request)),
  }))
  // Whom an enquiry may be given to: editors pick owners too, without the owner-only team list.
  app.get('/enquiry-owners', staff, async () => listEnquiryOwners(ctx.db))
  app.get('/enquiry-rules', staff, async () => listRules(ctx.db))
  app.put('/enquiry-rules', staff, async (request) => saveRules(actingAs(request), jsonBody(request)))

  app.get('/enquiries/:id/timeline', staff, async (request) => enquiryTimeline(ctx.db, idParam(request, NOT_FOUND)))
  app.post('/enquiries/:id/notes', staff, async (request, reply) =>
    reply.code(201).send({ item: await addNote(actingAs(request), idParam(request, NOT_FOUND), jsonBody(request)) }),
  )
  // A visitor's file: always a download (never shown inline, whatever its type claims).
  app.get('/enquiries/:id/attachments/:attachmentId', staff, async (request, reply) => {
    const id = idParam(request, NOT_FOUND)
    const { attachmentId } = request.params as { attachmentId?: string }
    if (!attachmentId || !isUuid(attachmentId)) throw notFound('Attachment not found')
    const file = await enquiryAttachment(ctx.db, id, attachmentId.toLowerCase())
    return reply
      .header('content-type', 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .send(file.data)
  })
  app.post('/enquiries/:id/reply', staff, async (request, reply) => {
    const sent = await replyToEnquiry(actingAs(request), options, idParam(request, NOT_FOUND), jsonBody(request))
    app.outbox.wake()
    return reply.code(201).send(sent)
  })
  app.post('/enquiries/:id/merge/:otherId', staff, async (request) => {
    const id = idParam(request, NOT_FOUND)
    const { otherId } = request.params as { otherId?: string }
    if (!otherId || !isUuid(otherId)) throw notFound(NOT_FOUND)
    await mergeEnquiries(actingAs(request), id, otherId.toLowerCase())
    return getEnquiryDetail(ctx.db, id)
  })
}
