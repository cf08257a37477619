import type { FastifyReply, FastifyRequest } from 'fastify'
import { pickEncoding } from '../site/page-cache.js'
import type { Answer, Encoding } from './answer-cache.js'

/**
 * What a CDN or browser may do with a public answer: keep it a minute, then serve it while it
 * asks again for up to ten (decision 070). An admin's change shows everywhere within that minute;
 * this server answers the revalidation with a 304 when nothing changed.
 */
export const PUBLIC_ANSWER_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600'

/**
 * A strong entity tag per encoding (each encoding is other bytes): `"<sha1>"` for the JSON as it
 * is, `"<sha1>-br"` and `"<sha1>-gzip"` for its compressed forms. The SHA-1 is of the content,
 * so every instance gives one answer the same tags, and a change elsewhere keeps them.
 */
export const entityTag = (hash: string, encoding: Encoding) =>
  encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`

/** Whether an If-None-Match header names this tag (weak comparison, as RFC 9110 asks for it). */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false
  return header.split(',').some((candidate) => {
    const trimmed = candidate.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === tag
  })
}

/**
 * Sends a public answer: 304 when the client has it, else the best encoding it accepts, from
 * memory or streamed from its file. Answers to a request with credentials are not for shared
 * caches (`no-store`, as every other authenticated answer: decision 033).
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer, state: 'hit' | 'miss') {
  const encoding = pickEncoding(request.headers['accept-encoding'])
  const form = answer.forms[encoding]
  const tag = entityTag(answer.hash, encoding)
  reply
    .header('etag', tag)
    .header('vary', 'accept-encoding')
    .header('cache-control', request.headers.authorization ? 'no-store' : PUBLIC_ANSWER_CACHE_CONTROL)
    .header('x-cache', state)
  if (matchesIfNoneMatch(request.headers['if-none-match'], tag)) return reply.code(304).send()
  reply.header('content-type', 'application/json; charset=utf-8').header('content-length', form.length)
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  if (request.method === 'HEAD') return reply.send()
  return reply.send(form.file ? form.file.stream() : form.bytes)
}
