import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

// A local LibreTranslate (issue 40's tests): `POST /translate` (q as a list, format=html; it
// "translates" by prefixing 'ES:') and `GET /languages`. Every request is recorded.

export interface FakeLibre {
  url: string
  requests: { path: string; body: any }[]
  close: () => Promise<void>
}

export async function startFakeLibreTranslate(): Promise<FakeLibre> {
  const fake: FakeLibre = { url: '', requests: [], close: async () => undefined }
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!
      const body = raw ? JSON.parse(raw) : null
      fake.requests.push({ path, body })
      res.writeHead(200, { 'content-type': 'application/json' })
      if (path === '/languages')
        return res.end(JSON.stringify([{ code: 'en', name: 'English', targets: ['en', 'es', 'de'] }]))
      const q: string[] = Array.isArray(body.q) ? body.q : [body.q]
      res.end(JSON.stringify({ translatedText: q.map((text) => `ES:${text}`) }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  fake.close = () => new Promise((resolve) => server.close(() => resolve()))
  return fake
}
