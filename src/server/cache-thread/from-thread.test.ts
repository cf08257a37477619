import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { CACHE_THREAD_HEADER } from './forward.js'
import { acceptFromCacheThread } from './from-thread.js'

const asked = (headers: Record<string, string>) => ({ headers: { ...headers } }) as unknown as IncomingMessage
const forwarded = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'villas.test' }

describe('acceptFromCacheThread', () => {
  const accept = acceptFromCacheThread('the-token')

  it('keeps what the thread forwards, and takes its token off', () => {
    const request = asked({ ...forwarded, [CACHE_THREAD_HEADER]: 'the-token' })
    accept(request)
    expect(request.headers).toEqual(forwarded)
  })

  it('takes anything else on the loopback port at its own address', () => {
    for (const token of ['a-guess', undefined]) {
      const request = asked({ ...forwarded, host: 'x', ...(token && { [CACHE_THREAD_HEADER]: token }) })
      accept(request)
      expect(request.headers).toEqual({ host: 'x' })
    }
  })
})
