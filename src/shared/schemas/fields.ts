import { z } from 'zod'
import './zod-config.js'

// Field builders whose every message names the field, so an API error or a form error can be
// shown as it is.

// Browsers send form text with CRLF line breaks; stored text uses LF. Control bytes (NUL above
// all, which the database refuses) carry no meaning in a form's text: they are dropped, so a
// pasted stray byte never costs a visitor their enquiry.
// eslint-disable-next-line no-control-regex
const CONTROL_BYTES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g
const normalizeText = (text: string) => text.replace(/\r\n?/g, '\n').replace(CONTROL_BYTES, '')

export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .overwrite(normalizeText)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

export const optionalText = (label: string, max = 200) =>
  z
    .string({ error: `${label} must be text` })
    .overwrite(normalizeText)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)

/** Checkbox values as HTML forms and JSON send them. */
export const booleanish = (label: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0', ''])], {
      error: `${label} must be true or false`,
    })
    .transform((value) => value === true || value === 'true' || value === 'on' || value === '1')

/** A count such as beds: empty means "not given". */
export const optionalCount = (label: string) =>
  z.union([z.number(), z.string().trim()], { error: `${label} must be a whole number` }).transform((value, ctx) => {
    if (value === '') return null
    const n = typeof value === 'number' ? value : Number(value)
    if (!Number.isInteger(n) || n < 0 || n > 1000) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a whole number from 0 to 1000` })
      return z.NEVER
    }
    return n
  })

/** A JSON document sent as one multipart field (amenities, removeImages), or already parsed in a JSON body. */
export const jsonField = <T extends z.ZodType>(label: string, schema: T) =>
  z.unknown().transform((raw, ctx): z.output<T> => {
    let parsed: unknown = raw
    if (typeof raw === 'string') {
      try {
        parsed = JSON.parse(raw)
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label} must be valid JSON` })
        return z.NEVER
      }
    }
    const result = schema.safeParse(parsed)
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? `${label} is invalid` })
      return z.NEVER
    }
    return result.data
  })

export const idSchema = (label: string) => z.uuid({ error: `${label} must be a valid id` })

/** A stored image path as the API hands it out, e.g. /uploads/3f2a….jpg. */
export const imagePathSchema = (label: string) =>
  z
    .string({ error: `${label} must be an image path` })
    .trim()
    .min(1, `${label} must be an image path`)
    .max(300)

/** Whether a form's flag (e.g. `translate`) is set, read the way every checkbox value is. */
export const isFlagSet = (value: unknown) => booleanish('').safeParse(value).data === true

/** A `?language=` code a call needs: trimmed, lower case, at most 20 characters; `required` says why it is needed. */
export const requiredLanguage = (required: string) =>
  z.string({ error: required }).trim().toLowerCase().min(1, required).max(20, 'language is at most 20 characters')
