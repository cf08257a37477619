import { z } from 'zod'
import { requiredLanguage } from './fields.js'
import './zod-config.js'

/** The most a publish or unpublish may be scheduled ahead. */
export const MAX_SCHEDULE_MS = 366 * 24 * 60 * 60 * 1000

/**
 * The fields every write of a project, review or page text may carry beside its own (issue 22):
 * `saveAs=draft` saves a draft instead of publishing; `version` is the version the form was
 * loaded at (or the If-Match header), refused with 409 when someone changed the record since.
 */
export const writeOptionsSchema = z.object({
  saveAs: z.enum(['draft', 'publish'], { error: 'saveAs must be draft or publish' }).optional(),
  version: z.coerce
    .number({ error: 'version must be a whole number' })
    .int('version must be a whole number')
    .min(0, 'version must be a whole number')
    .optional(),
})
export type WriteOptions = z.output<typeof writeOptionsSchema>

/** POST /publish and /unpublish: `{}` for now, `{ at }` for later (a past time means now). */
export const scheduleBodySchema = z.object({
  at: z.iso
    .datetime({ offset: true, error: 'at must be a date and time (ISO 8601)' })
    .refine((at) => Date.parse(at) - Date.now() <= MAX_SCHEDULE_MS, 'A schedule must be at most a year ahead')
    .optional(),
})

/** ?language= of a page text's publishing calls. */
export const languageQuerySchema = z.object({ language: requiredLanguage('language is required for a page text') })

export const versionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})
