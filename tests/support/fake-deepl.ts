import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

// A local DeepL API v2 (issue 40's tests): /v2/translate (tag_handling=xml; it "translates" by
// prefixing each text with 'ES:'), /v2/glossaries, /v2/languages, /v2/usage. Every
// request is recorded; `mode` makes it fail as the real one does.

export type FakeMode = 'ok' | 'drop-tag' | 'quota' | 'busy' | 'garbage'

export interface FakeDeepl {
  url: string
  requests: { path: string; body: any }[]
  /** The texts of each /v2/translate request it answered. */
  answered: string[][]
  /** Translate requests after this many answered ones are held, never answered (a kill test). */
  holdAfter: number
  /** How many translate requests it holds now. */
  held: number
  /** Milliseconds each translate request waits before its answer (a slow engine). */
  delayMs: number
  mode: FakeMode
  close: () => Promise<void>
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = ''
    req.on('data', (chunk) => (data += chunk))
    req.on('end', () => resolve(data))
  })

export async function startFakeDeepl(): Promise<FakeDeepl> {
  const fake: FakeDeepl = {
    url: '',
    requests: [],
    answered: [],
    holdAfter: Infinity,
    held: 0,
    delayMs: 0,
    mode: 'ok',
    close: async () => undefined,
  }
  const server = createServer(async (req, res) => {
    const raw = await read(req)
    const path = (req.url ?? '').split('?')[0]!
    const body = raw ? JSON.parse(raw) : null
    fake.requests.push({ path, body })
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(value))
    }
    if (!String(req.headers.authorization ?? '').startsWith('DeepL-Auth-Key ')) return json(403, { message: 'no key' })
    if (path === '/v2/languages') return json(200, [{ language: 'EN' }, { language: 'ES' }, { language: 'DE' }])
    if (path === '/v2/usage') return json(200, { character_count: 0, character_limit: 500000 })
    if (path === '/v2/glossaries')
      return json(201, { glossary_id: 'g-1', entry_count: body.entries.split('\n').length })
    if (path !== '/v2/translate') return json(404, { message: 'not found' })
    if (fake.mode === 'quota') return json(456, { message: 'Quota exceeded' })
    if (fake.mode === 'busy') {
      res.writeHead(429, { 'retry-after': '7' })
      return res.end()
    }
    if (fake.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' })
      return res.end('<html>oops</html>')
    }
    if (fake.answered.length >= fake.holdAfter) {
      fake.held++
      req.socket.once('close', () => fake.held--)
      return
    }
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs))
    fake.answered.push(body.text)
    const translations = (body.text as string[]).map((text) => {
      let out = `ES:${text}`
      if (fake.mode === 'drop-tag') out = out.replace(/<x id="1"\/>/, '')
      return { detected_source_language: 'EN', text: out }
    })
    return json(200, { translations })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return fake
}

/** The server's settings that make the fake its machine translation provider. */
export const deeplEnv = (fake: FakeDeepl) => ({ DEEPL_API_KEY: 'test-key:fx', DEEPL_API_URL: fake.url })
