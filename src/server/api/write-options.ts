import type { FastifyRequest } from 'fastify'
import { type WriteOptions, writeOptionsSchema } from '../../shared/schemas/publishing.schema.js'
import { badRequest } from '../errors.js'
import { parseInput } from '../validation.js'

/**
 * `saveAs` and `version` of a write (issue 22), from the form or JSON body; `If-Match: "<n>"`
 * stands for `version` when the body has none.
 */
export function writeOptions(request: FastifyRequest, fields: Record<string, unknown>): WriteOptions {
  const options = parseInput(writeOptionsSchema, { saveAs: fields.saveAs, version: fields.version })
  const ifMatch = request.headers['if-match']
  if (options.version === undefined && typeof ifMatch === 'string' && ifMatch.trim() !== '*') {
    const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(ifMatch)
    if (!match) throw badRequest('If-Match must be a version number, e.g. "3"', 'version')
    options.version = Number(match[1])
  }
  return options
}
