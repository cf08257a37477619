import { z } from 'zod'
import './zod-config.js'

// Inputs of the machine translation, memory and glossary calls (issue 40).

const language = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .toLowerCase()
    .min(1, `${name} is required`)
    .max(20, `${name} is at most 20 characters`)

export const machineKindSchema = z.enum(['project', 'review', 'translation-page'], {
  error: 'kind must be project, review or translation-page',
})

/** POST machine-translate/{kind}/{id}. */
export const machineFillSchema = z.object({
  language: language('language'),
  fields: z.array(z.string().max(400), { error: 'fields must be a list of field ids' }).max(500).optional(),
  onlyOutdated: z.boolean({ error: 'onlyOutdated must be true or false' }).optional(),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional(),
})

/** POST approve-machine-fields/{kind}/{id}. */
export const approveMachineSchema = z.object({
  language: language('language'),
  fields: z.array(z.string().max(400), { error: 'fields must be a list of field ids' }).max(500).optional(),
})

export const languagePairSchema = z.object({ source: language('source'), target: language('target') })

/** GET translation-memory?source&target&q. */
export const memoryQuerySchema = languagePairSchema.extend({ q: z.string().max(500).default('') })

/** PUT glossary/{source}/{target}. */
export const glossarySchema = z.object({
  terms: z
    .array(
      z.object({
        source: z.string({ error: 'Each term needs its source' }).trim().min(1, 'A term cannot be empty').max(200),
        target: z.string().trim().max(200).nullable().optional(),
      }),
      { error: 'terms must be a list' },
    )
    .max(5000, 'At most 5,000 terms'),
})

/** POST glossary/{source}/{target}/import: the CSV as text, as the redirects' import takes it. */
export const glossaryImportSchema = z.object({
  csv: z.string({ error: 'CSV is required' }).min(1, 'CSV is required').max(2_000_000, 'CSV must be at most 2 MB'),
})
