import { z } from 'zod'
import './zod-config.js'

// Translation jobs (issue 41): a whole language at once, by an agency in XLIFF or by the machine.

export const TRANSLATION_JOB_SCOPES = ['missing', 'outdated', 'all'] as const
export const TRANSLATION_JOB_METHODS = ['xliff', 'machine'] as const
export const TRANSLATION_JOB_KINDS = ['project', 'review', 'translation-page'] as const

export type TranslationJobScope = (typeof TRANSLATION_JOB_SCOPES)[number]
export type TranslationJobMethod = (typeof TRANSLATION_JOB_METHODS)[number]

export const SCOPE_LABELS: Record<TranslationJobScope, string> = {
  missing: 'What is missing',
  outdated: 'What is out of date',
  all: 'Everything',
}
export const METHOD_LABELS: Record<TranslationJobMethod, string> = {
  xliff: 'XLIFF file for an agency',
  machine: 'Machine translation',
}

export const translationJobInputSchema = z.object({
  language: z
    .string({ error: 'Language is required' })
    .trim()
    .min(1, 'Language is required')
    .max(20, 'Language must be at most 20 characters'),
  scope: z.enum(TRANSLATION_JOB_SCOPES, { error: 'Scope must be missing, outdated or all' }),
  method: z.enum(TRANSLATION_JOB_METHODS, { error: 'Method must be xliff or machine' }),
  kinds: z
    .array(z.enum(TRANSLATION_JOB_KINDS, { error: 'Kinds must be project, review or translation-page' }))
    .min(1, 'Kinds must name at least one kind')
    .optional(),
  ids: z
    .array(z.uuid({ error: 'Ids must be record ids' }))
    .min(1, 'Ids must name at least one record')
    .max(10_000, 'Ids may name at most 10,000 records')
    .optional(),
})
export type TranslationJobInput = z.infer<typeof translationJobInputSchema>

export type TranslationJobState = 'open' | 'running' | 'paused' | 'finished' | 'cancelled'

/** A job as the API answers it. */
export interface TranslationJob {
  _id: string
  language: string
  sourceLanguage: string
  scope: TranslationJobScope
  method: TranslationJobMethod
  state: TranslationJobState
  /** Why a machine job waits (the monthly cap, a provider down). */
  message: string | null
  total: number
  done: number
  failed: number
  /** Records the job touches. */
  records: number
  createdBy: string
  createdAt: string
  finishedAt: string | null
}

/** What an XLIFF import answers. */
export interface XliffImportReport {
  applied: number
  /** Units already applied with the same text (a file imported again). */
  unchanged: number
  skipped: { id: string; reason: string }[]
  job: TranslationJob
}
