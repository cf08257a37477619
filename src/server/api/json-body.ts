import type { FastifyRequest } from 'fastify'
import { badRequest, HttpError } from '../errors.js'

/** The JSON object body of a JSON-only route; a form or a bare value is refused, not half-read. */
export function jsonBody(request: FastifyRequest): unknown {
  if (request.isMultipart()) throw new HttpError(415, 'Send this request as JSON (Content-Type: application/json)')
  const body = request.body
  if (body === undefined || body === null) return {}
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('The body must be a JSON object')
  return body
}
