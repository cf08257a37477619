import type { FastifyRequest } from 'fastify'
import { listQuerySchema } from '../../shared/schemas/list-query.schema.js'
import type { ListPage } from '../services/translation-groups.js'
import { parseInput } from '../validation.js'

/** `?limit=&offset=` of a list call; without them, the whole list. */
export function listPage(request: FastifyRequest): ListPage {
  return parseInput(listQuerySchema, request.query)
}
