import { z } from 'zod'
import { requiredText } from './fields.js'

export const languageCodeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Code is required')
  .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, 'Code must be a language code such as "es" or "pt-br"')

export const languageInputSchema = z.object({
  name: requiredText('Name', 60),
  code: languageCodeSchema,
})
export type LanguageInput = z.infer<typeof languageInputSchema>
