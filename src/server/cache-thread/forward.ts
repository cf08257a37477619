import { Agent, type IncomingMessage, type OutgoingHttpHeaders, request, type ServerResponse } from 'node:http'

/** The header that tells Fastify a request came through the cache thread (front-door.ts). */
export const CACHE_THREAD_HEADER = 'x-cache-thread'

// A connection's own headers: they describe the hop, not the request (RFC 9110, 7.6.1). Expect
// is answered by the thread's own server already.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
])

const hopHeaders = (connection: string | undefined): Set<string> =>
  connection
    ? new Set([
        ...HOP_BY_HOP,
        ...connection
          .toLowerCase()
          .split(',')
          .map((name) => name.trim()),
      ])
    : HOP_BY_HOP

export interface ForwardOptions {
  port: number
  token: string
  keepForwarded: boolean
}

/**
 * Passes a request on to Fastify on loopback and its answer back, both streamed: a reverse
 * proxy's job, with the visitor's address appended to X-Forwarded-For. An upload the visitor
 * abandons is abandoned upstream too.
 */
export function createForwarder({ port, token, keepForwarded }: ForwardOptions) {
  const agent = new Agent({ keepAlive: true, scheduling: 'lifo' })

  function forward(incoming: IncomingMessage, response: ServerResponse) {
    const skip = hopHeaders(incoming.headers.connection)
    const headers: OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (skip.has(name)) continue
      // Without TRUST_PROXY nobody may say which scheme or host the visitor used.
      if (!keepForwarded && (name === 'x-forwarded-proto' || name === 'x-forwarded-host')) continue
      headers[name] = value
    }
    const peer = incoming.socket.remoteAddress ?? ''
    const forwardedFor = incoming.headers['x-forwarded-for']
    headers['x-forwarded-for'] = forwardedFor ? `${forwardedFor}, ${peer}` : peer
    headers[CACHE_THREAD_HEADER] = token

    const upstream = request({ host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers, agent })
    upstream.on('response', (answer) => {
      const closes = /\bclose\b/i.test(answer.headers.connection ?? '')
      const skipAnswer = hopHeaders(answer.headers.connection)
      const raw = answer.rawHeaders
      const passed: string[] = []
      for (let i = 0; i < raw.length; i += 2) {
        if (!skipAnswer.has(raw[i]!.toLowerCase())) passed.push(raw[i]!, raw[i + 1]!)
      }
      // Fastify closes after refusing a body it did not read; so does the visitor's connection.
      if (closes) passed.push('connection', 'close')
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, passed)
      answer.pipe(response)
      // Fastify's side ended before the whole answer: the visitor must not wait for the rest.
      answer.on('close', () => {
        if (!answer.complete) response.destroy()
      })
    })
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // Fastify refused a body and closed while it was still coming: the reset can beat its answer
      // here, as it can at a browser talking to Fastify directly. The visitor gets the same reset,
      // not a 502 blaming the server for its own body.
      const cutOff = (error.code === 'ECONNRESET' || error.code === 'EPIPE') && !upstream.writableFinished
      if (!response.headersSent && cutOff) {
        response.destroy()
        return
      }
      if (!response.headersSent) {
        const body = JSON.stringify({ message: 'The server could not answer; try again in a moment' })
        response.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length })
        response.end(body)
      } else if (!response.writableEnded) response.destroy()
    })
    // The visitor left before the answer was out: stop the work upstream.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy()
    })
    incoming.pipe(upstream)
  }

  return { forward, close: () => agent.destroy() }
}
