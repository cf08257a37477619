import { z } from 'zod'
import './zod-config.js'

/** The API's list calls answer the whole list (SPEC 7) unless asked for a slice. */
export const MAX_LIST_LIMIT = 500

const wholeNumber = (label: string, min: number, max?: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max ?? Number.MAX_SAFE_INTEGER, `${label} must be at most ${max}`)

export const listQuerySchema = z.object({
  limit: wholeNumber('limit', 1, MAX_LIST_LIMIT).optional(),
  offset: wholeNumber('offset', 0).optional(),
})
