import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ListPage } from '../services/translation-groups.js'
import type { BuildAnswer } from './answer-cache.js'
import { sendAnswer } from './send-answer.js'

/** What a public call asks for: the key of its answer, and how to build it (from parsed input). */
export interface AnswerRequest {
  key: string
  build: BuildAnswer
}

/**
 * A public GET of SPEC 7 (plugins/security.ts lists them), answered from the answer cache.
 * `describe` parses the request (a bad one throws its 400 before anything is built) and names
 * the answer; errors (an unknown language: 404) are never kept. The cache compresses:
 * @fastify/compress must not do it again.
 */
export function publicGet(app: FastifyInstance, url: string, describe: (request: FastifyRequest) => AnswerRequest) {
  // HEAD declared here too: Fastify's own HEAD route would read a file answer only to drop it.
  app.route({
    method: ['GET', 'HEAD'],
    url,
    compress: false,
    handler: async (request, reply) => {
      const { key, build } = describe(request)
      const { answer, state } = await app.answers.get(key, build)
      return sendAnswer(request, reply, answer, state)
    },
  })
}

/** The part of an answer's key that names a slice of a list (`?limit=&offset=`, parsed). */
export const sliceKey = (page: ListPage) => `?limit=${page.limit ?? ''}&offset=${page.offset ?? 0}`

/** Where a project or review shown in a language stands in a list of originals: its original. */
export const originalId = (item: { _id: string; parentId: { _id: string } | null }) => item.parentId?._id ?? item._id
