import { z } from 'zod'
import './zod-config.js'
import { requiredLanguage } from './fields.js'
import { WORKBENCH_SOURCES } from '../translation-workbench.js'

/** GET translation-workbench/{kind}/{id}: `?language=es` (required), `?source=draft` for the original's draft. */
export const workbenchQuerySchema = z.object({
  language: requiredLanguage('language is required'),
  source: z.enum(WORKBENCH_SOURCES, { error: 'source must be published or draft' }).default('published'),
})

export const workbenchKindSchema = z.enum(['project', 'review', 'translation-page'], {
  error: 'kind must be project, review or translation-page',
})
