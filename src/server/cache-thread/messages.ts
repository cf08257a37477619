import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http'
import type { Encoding } from '../site/page-cache.js'
import type { Redirects } from '../site/redirect-answer.js'

/** What the cache thread is started with (decision 163). */
export interface CacheThreadOptions {
  /** The public address: the thread owns the visitors' connections. */
  port: number
  host: string
  /** Where Fastify listens on loopback for everything the thread does not answer itself. */
  upstreamPort: number
  /** Sent with every forwarded request, so Fastify believes the visitor's address it names. */
  token: string
  /** TRUST_PROXY is set: X-Forwarded-Proto and -Host from the proxies in front go through. */
  keepForwarded: boolean
  headersTimeoutMs: number
  keepAliveTimeoutMs: number
}

/** A cached page as the thread keeps it; its bodies share the main thread's memory. */
export interface PageCopy {
  key: string
  status: number
  contentType: string | undefined
  wire: Partial<Record<Encoding, OutgoingHttpHeaders>>
  body: Uint8Array
  gzip?: Uint8Array
  br?: Uint8Array
  generation: number
}

/** Page answers alike for the visit counter (only the headers it reads), and how many. */
export interface AnsweredView {
  method: string
  url: string
  headers: Pick<IncomingHttpHeaders, 'host' | 'referer' | 'user-agent' | 'sec-purpose' | 'purpose'>
  status: number
  contentType: string | undefined
  times: number
}

export type ToThread =
  | ({ type: 'page' } & PageCopy)
  | { type: 'removed'; key: string }
  | { type: 'generation'; generation: number; cleared: boolean }
  | { type: 'redirects'; table: Redirects }
  /** Stop taking connections and let the answers under way finish. */
  | { type: 'close' }
  /** The grace is over: end every connection. */
  | { type: 'close-all' }

export type FromThread =
  | { type: 'listening'; address: string }
  | { type: 'listen-failed'; message: string }
  | { type: 'answered'; hits: [key: string, count: number][]; views: AnsweredView[] }
  /** The thread's V8 heap, for process_memory_part_bytes (sent every few seconds). */
  | { type: 'heap'; totalBytes: number }
  | { type: 'closed' }
