import type { FastifyRequest } from 'fastify'
import { notFound } from '../errors.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The :id of a route; anything that is not an id cannot name a record, so it is a 404. */
export function idParam(request: FastifyRequest, message = 'Not found'): string {
  const { id } = request.params as { id?: string }
  if (!id || !UUID.test(id)) throw notFound(message)
  return id.toLowerCase()
}

export function stringParam(request: FastifyRequest, name: string): string {
  return String((request.params as Record<string, string | undefined>)[name] ?? '')
}
