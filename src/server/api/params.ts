import type { FastifyRequest } from 'fastify'
import { isUuid } from '../../shared/ids.js'
import { notFound } from '../errors.js'

/** The :id of a route; anything that is not an id cannot name a record, so it is a 404. */
export function idParam(request: FastifyRequest, message = 'Not found'): string {
  const { id } = request.params as { id?: string }
  if (!id || !isUuid(id)) throw notFound(message)
  return id.toLowerCase()
}

export function stringParam(request: FastifyRequest, name: string): string {
  return String((request.params as Record<string, string | undefined>)[name] ?? '')
}
