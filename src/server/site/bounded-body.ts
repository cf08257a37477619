import type { IncomingMessage } from 'node:http'
import { HttpError } from '../errors.js'

export const SITE_FORM_MAX_BYTES = 64 * 1024
export const SITE_FORM_TIMEOUT_MS = 10_000

/**
 * Reads a site form's body, refusing it past `limit` bytes (413, before reading it whole when the
 * length is announced) or when it trickles in slower than `timeoutMs` in all (408).
 */
export function readBoundedBody(
  request: IncomingMessage,
  limit = SITE_FORM_MAX_BYTES,
  timeoutMs = SITE_FORM_TIMEOUT_MS,
): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, `The form is larger than ${Math.round(limit / 1024)} KB`)
  if (Number(request.headers['content-length'] ?? 0) > limit) return Promise.reject(tooLarge())
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let received = 0
    const timer = setTimeout(() => fail(new HttpError(408, 'The form took too long to arrive')), timeoutMs)
    const fail = (error: Error) => {
      cleanUp()
      // Stop reading; the answer goes out and the connection closes with it.
      request.pause()
      reject(error)
    }
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received > limit) return fail(tooLarge())
      chunks.push(chunk)
    }
    const onEnd = () => {
      cleanUp()
      resolve(Buffer.concat(chunks))
    }
    const onError = (error: Error) => fail(new HttpError(400, `The form could not be read: ${error.message}`))
    const cleanUp = () => {
      clearTimeout(timer)
      request.off('data', onData).off('end', onEnd).off('error', onError)
    }
    request.on('data', onData).on('end', onEnd).on('error', onError)
  })
}
