import type { FastifyInstance } from 'fastify'
import { translationJobInputSchema } from '../../shared/schemas/translation-job.schema.js'
import { HttpError } from '../errors.js'
import { actingAs, personOf } from '../plugins/auth.js'
import { policy } from '../services/access-policy.js'
import {
  cancelJob,
  createJob,
  enforceJobLanguage,
  findJob,
  getJob,
  listJobs,
  JOB_NOT_FOUND,
} from '../translation/jobs/jobs.js'
import { exportJob } from '../translation/jobs/xliff-export.js'
import { importXliff } from '../translation/jobs/xliff-import.js'
import { parseInput } from '../validation.js'
import { jsonBody } from './json-body.js'
import { idParam } from './params.js'

/**
 * Translation jobs (issue 41): a whole language at once, by an agency in XLIFF or by the
 * machine. Everyone signed in reaches the routes; each job is checked against the person's
 * languages (a translator's own, staff all) in the service.
 */
export async function translationJobRoutes(app: FastifyInstance, options: { maxFileBytes: number; wake(): void }) {
  const signedIn = app.allow(policy.readContent)

  app.get('/translation-jobs', signedIn, async (request) => ({ jobs: await listJobs(app.ctx.db, personOf(request)) }))

  app.post('/translation-jobs', signedIn, async (request) => {
    const input = parseInput(translationJobInputSchema, jsonBody(request))
    const job = await createJob(actingAs(request), personOf(request), input)
    if (job.method === 'machine') options.wake()
    return { job }
  })

  app.get('/translation-jobs/:id', signedIn, async (request) => ({
    job: await getJob(app.ctx.db, personOf(request), idParam(request, JOB_NOT_FOUND)),
  }))

  app.delete('/translation-jobs/:id', signedIn, async (request) => ({
    job: await cancelJob(actingAs(request), personOf(request), idParam(request, JOB_NOT_FOUND)),
    message: 'Job cancelled',
  }))

  app.get('/translation-jobs/:id/xliff', signedIn, async (request, reply) => {
    const job = await findJob(app.ctx.db, idParam(request, JOB_NOT_FOUND))
    enforceJobLanguage(personOf(request), job.language)
    const xml = await exportJob(app.ctx.db, job)
    return reply
      .header('content-type', 'application/xliff+xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="translation-job-${job.language}-${job.id.slice(0, 8)}.xlf"`)
      .send(xml)
  })

  app.post('/translation-jobs/:id/xliff', signedIn, async (request) => {
    const id = idParam(request, JOB_NOT_FOUND)
    if (!request.isMultipart()) throw new HttpError(415, 'Send the XLIFF file as multipart/form-data')
    const part = await request.file({ limits: { fileSize: options.maxFileBytes, files: 1 } })
    if (!part) throw new HttpError(400, 'Send the XLIFF file in the form field "file"', 'file')
    // Past the limit this throws FST_REQ_FILE_TOO_LARGE: a 413 before the file is ever parsed.
    const file = await part.toBuffer()
    if (file.length === 0) throw new HttpError(400, 'The XLIFF file is empty', 'file')
    const report = await importXliff(actingAs(request), personOf(request), id, file)
    return {
      ...report,
      message: `${report.applied} unit${report.applied === 1 ? '' : 's'} applied, ${report.skipped.length} skipped`,
    }
  })
}
