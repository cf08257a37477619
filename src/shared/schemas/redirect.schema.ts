import { z } from 'zod'
import './zod-config.js'
import { normalizeAddress } from '../address.js'

// Redirects (issue 24, item 2; decision 101). `from` is an address of this site, or of the old
// site (only its path and query are kept); `to` is a path here, or an absolute http(s) address.

const MAX = 1000

const fromField = z
  .string({ error: 'From is required' })
  .trim()
  .min(1, 'From is required')
  .max(MAX, `From must be at most ${MAX} characters`)
  .transform((value, ctx) => {
    const path = normalizeAddress(value)
    if (!path) {
      ctx.addIssue({ code: 'custom', message: 'From must be a path such as /old-page, or an old address' })
      return z.NEVER
    }
    return path
  })

const toField = z
  .string({ error: 'To is required' })
  .trim()
  .min(1, 'To is required')
  .max(MAX, `To must be at most ${MAX} characters`)
  .refine(
    (value) => (value.startsWith('/') && !value.startsWith('//') && !/\s/.test(value)) || isWebAddress(value),
    'To must be a path such as /about, or an address starting with https://',
  )

function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false
  try {
    return Boolean(new URL(value).hostname)
  } catch {
    return false
  }
}

export const redirectInputSchema = z.object({ from: fromField, to: toField })
export type RedirectInput = z.output<typeof redirectInputSchema>

export const redirectImportSchema = z.object({
  csv: z.string({ error: 'CSV is required' }).min(1, 'CSV is required').max(2_000_000, 'CSV must be at most 2 MB'),
})

/** A redirect as the API answers it. */
export interface Redirect {
  _id: string
  from: string
  /** Null when the address is gone (410). */
  to: string | null
  status: 301 | 410
  source: string
  language: string | null
  createdAt: string
}
