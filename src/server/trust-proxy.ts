import net from 'node:net'
import { z } from 'zod'

/** Fastify's `trustProxy`: off, a hop count, or the addresses and ranges of trusted proxies. */
export type TrustProxy = false | number | string[]

// Names proxy-addr (Fastify's) understands for the usual private ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrRange(item: string): boolean {
  if (NAMED_RANGES.has(item) || net.isIP(item)) return true
  const [address, bits, ...rest] = item.split('/')
  if (rest.length > 0 || !address || !bits || !/^\d+$/.test(bits)) return false
  const family = net.isIP(address)
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY: which peers may say who the visitor is through X-Forwarded-For. Off by default, so
 * a visitor can never choose the address the rate limits count; `true` (trust anyone) is refused
 * for the same reason.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (['', 'false', 'off', 'no', '0'].includes(value.toLowerCase())) return false
    if (/^\d+$/.test(value)) return Number(value)
    const items = value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
    const bad = items.find((item) => !isAddressOrRange(item))
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message:
          bad.toLowerCase() === 'true'
            ? 'trusting every peer would let any visitor choose its address; give a hop count or the proxies’ addresses'
            : `"${bad}" is not a hop count, an IP address, a CIDR range, or loopback/linklocal/uniquelocal`,
      })
      return z.NEVER
    }
    return items
  })

/**
 * The form Fastify's types accept: a hop count becomes "trust the nearest n hops". Behind the
 * cache thread (decision 163) the nearest hop is always the thread, on loopback: one hop more.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
  behindCacheThread = false,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (!behindCacheThread) return typeof setting === 'number' ? (_address, hop) => hop < setting : setting
  if (setting === false) return (_address, hop) => hop < 1
  if (typeof setting === 'number') return (_address, hop) => hop < setting + 1
  // A list names addresses, not hops: the thread's own is added.
  return [...setting, '127.0.0.1']
}
