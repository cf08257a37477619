import type { IncomingMessage } from 'node:http'
import { CACHE_THREAD_HEADER } from './forward.js'

/**
 * Behind the cache thread, Fastify trusts one more hop (trust-proxy.ts): the thread, which names
 * the visitor in X-Forwarded-For. Only a request carrying the thread's token may do so; anything
 * else reaching the loopback port is taken at its own address, whatever it says.
 */
export function acceptFromCacheThread(token: string) {
  return (request: IncomingMessage) => {
    const headers = request.headers
    const fromThread = headers[CACHE_THREAD_HEADER] === token
    delete headers[CACHE_THREAD_HEADER]
    if (fromThread) return
    delete headers['x-forwarded-for']
    delete headers['x-forwarded-proto']
    delete headers['x-forwarded-host']
  }
}
