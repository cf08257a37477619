import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/test-server.js'

// How long connections live: a proxy (or a browser) keeps an idle connection to reuse it, and
// must never send a request on one this server is closing at that moment (ECONNRESET).

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

function openSocket(): Promise<Socket> {
  const { hostname, port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket))
    socket.on('error', reject)
  })
}

/** Sends one keep-alive GET on the socket; answers the status line, or null when the socket closed. */
function getOn(socket: Socket, path: string): Promise<string | null> {
  return new Promise((resolve) => {
    if (socket.readyState !== 'open') return resolve(null)
    let received = ''
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1')
      if (received.includes('\r\n\r\n')) done(received.split('\r\n')[0]!)
    }
    const onClose = () => done(null)
    const done = (line: string | null) => {
      socket.off('data', onData).off('close', onClose).off('error', onClose)
      resolve(line)
    }
    socket.on('data', onData).on('close', onClose).on('error', onClose)
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`)
  })
}

describe('connections', () => {
  it('keeps an idle keep-alive connection longer than the 60 s proxies keep theirs', () => {
    expect(server.app.server.keepAliveTimeout).toBeGreaterThan(60_000)
  })

  it('takes a second request on a connection idle for 6 s (Node closes at 5 s by default)', async () => {
    const socket = await openSocket()
    try {
      expect(await getOn(socket, '/api/admin/get-languages')).toBe('HTTP/1.1 200 OK')
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      expect(await getOn(socket, '/api/admin/get-languages')).toBe('HTTP/1.1 200 OK')
    } finally {
      socket.destroy()
    }
  }, 20_000)

  it('gives a client 20 s to send its headers, not the 60 s of Node’s default', () => {
    expect(server.app.server.headersTimeout).toBe(20_000)
  })
})
