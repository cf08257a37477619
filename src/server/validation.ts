import type { z } from 'zod'
import { badRequest } from './errors.js'

/** Validates with a shared schema; the first problem becomes a 400 that names the field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  const field = issue.path.join('.') || undefined
  throw badRequest(issue.message, field)
}
