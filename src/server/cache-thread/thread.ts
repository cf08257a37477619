import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getHeapStatistics } from 'node:v8'
import { parentPort, workerData } from 'node:worker_threads'
import { answerFromCache } from '../site/page-response.js'
import type { CachedPage } from '../site/page-cache.js'
import { answerRedirect, type Redirects } from '../site/redirect-answer.js'
import { createForwarder } from './forward.js'
import type { AnsweredView, CacheThreadOptions, FromThread, ToThread } from './messages.js'

// The cache thread (decision 163): it owns the visitors' connections, answers redirects and
// current cached pages from its copy, and passes everything else to Fastify on loopback. It runs
// nothing else, so Node's own code stays specialised for the one path a cached page takes.

const options = workerData as CacheThreadOptions
const port = parentPort!
const tell = (message: FromThread) => port.postMessage(message)

const pages = new Map<string, CachedPage>()
let generation = 0
let redirects: Redirects = new Map()

// Hits and visits go to the main thread in batches, visits alike counted together: a message
// per visit would cost more than the visit.
const FLUSH_MS = 250
const FLUSH_VIEWS = 1000
let hits = new Map<string, number>()
let views = new Map<string, AnsweredView>()
let flushTimer: NodeJS.Timeout | undefined

function flush() {
  clearTimeout(flushTimer)
  flushTimer = undefined
  if (hits.size === 0) return
  tell({ type: 'answered', hits: [...hits], views: [...views.values()] })
  hits = new Map()
  views = new Map()
}

function counted(request: IncomingMessage, entry: CachedPage) {
  hits.set(entry.key, (hits.get(entry.key) ?? 0) + 1)
  const { method, url, headers } = request
  const { host, referer, purpose } = headers
  const agent = headers['user-agent']
  const secPurpose = headers['sec-purpose']
  const alike = `${method} ${url}\n${host}\n${referer}\n${agent}\n${purpose}\n${secPurpose}`
  const view = views.get(alike)
  if (view) view.times++
  else {
    views.set(alike, {
      method: method!,
      url: url!,
      headers: { host, referer, 'user-agent': agent, 'sec-purpose': secPurpose, purpose },
      status: entry.page.status,
      contentType: entry.page.headers['content-type'],
      times: 1,
    })
  }
  if (views.size >= FLUSH_VIEWS) flush()
  else flushTimer ??= setTimeout(flush, FLUSH_MS)
}

// Current pages only: a stale one goes to the main thread, which answers it and renders the new one.
const answerCached = answerFromCache((key) => {
  const entry = pages.get(key)
  return entry && entry.generation === generation ? { entry, state: 'hit' } : undefined
}, counted)

const forwarder = createForwarder({
  port: options.upstreamPort,
  token: options.token,
  keepForwarded: options.keepForwarded,
})
const server = createServer({ headersTimeout: options.headersTimeoutMs }, (request, response) => {
  if (!answerRedirect(redirects, request, response) && !answerCached(request, response)) {
    forwarder.forward(request, response)
  }
})
server.keepAliveTimeout = options.keepAliveTimeoutMs

function keep(copy: Extract<ToThread, { type: 'page' }>) {
  const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  pages.set(copy.key, {
    key: copy.key,
    page: {
      status: copy.status,
      headers: copy.contentType === undefined ? {} : { 'content-type': copy.contentType },
      body: asBuffer(copy.body),
    },
    gzip: copy.gzip && asBuffer(copy.gzip),
    br: copy.br && asBuffer(copy.br),
    wire: copy.wire,
    generation: copy.generation,
    bytes: 0,
    hits: 0,
  })
}

let closeIdle: NodeJS.Timeout | undefined
port.on('message', (message: ToThread) => {
  switch (message.type) {
    case 'page':
      return keep(message)
    case 'removed':
      return void pages.delete(message.key)
    case 'generation':
      generation = message.generation
      if (message.cleared) pages.clear()
      return
    case 'redirects':
      redirects = message.table
      return
    case 'close':
      // Node closes only the connections idle at the moment; one answering now goes when done.
      closeIdle = setInterval(() => server.closeIdleConnections(), 100)
      server.close(() => {
        clearInterval(closeIdle)
        flush()
        forwarder.close()
        tell({ type: 'closed' })
      })
      server.closeIdleConnections()
      return
    case 'close-all':
      server.closeAllConnections()
      return
  }
})

// The main thread's metrics cannot read this isolate's heap (Node 20 has no worker.getHeapStatistics).
const HEAP_REPORT_MS = 2000
const reportHeap = () => tell({ type: 'heap', totalBytes: getHeapStatistics().total_heap_size })
setInterval(reportHeap, HEAP_REPORT_MS).unref()

server.on('error', (error) => tell({ type: 'listen-failed', message: error.message }))
server.listen(options.port, options.host, () => {
  const address = server.address() as AddressInfo
  reportHeap()
  tell({
    type: 'listening',
    address: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
  })
})
