import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { OutgoingHttpHeaders } from 'node:http'
import path from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createRequestHandler, type ServerBuild } from 'react-router'
import type { SiteData } from '../../shared/site-data.js'
import { type CachedPage, type PageCache, pickEncoding } from './page-cache.js'
import { contentSecurityPolicy } from './content-security-policy.js'

// src/server/site and dist/server/site sit at the same depth.
export const SITE_BUILD_DIR = fileURLToPath(new URL('../../../build', import.meta.url))

const CACHEABLE_STATUS = new Set([200, 404])

export interface SiteOptions {
  site: SiteData
  cache: PageCache
  /** Enquiries posted through the contact page count against the same limit as send-email. */
  postsPerIpPer15Min: number
}

/**
 * The React Router app: hashed assets from build/client, every other GET rendered on the server
 * (and kept in the page cache), POSTs to the site's actions. Needs `npm run build` first.
 */
export async function registerSite(app: FastifyInstance, options: SiteOptions) {
  const serverEntry = path.join(SITE_BUILD_DIR, 'server', 'index.js')
  if (!existsSync(serverEntry)) {
    app.log.warn('no site build found (run `npm run build`); serving the API only')
    return
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild
  const handle = createRequestHandler(build, process.env.NODE_ENV === 'production' ? 'production' : 'development')
  const { cache, site } = options

  await app.register(fastifyStatic, {
    root: path.join(SITE_BUILD_DIR, 'client'),
    wildcard: false,
    index: false,
    etag: true,
    // The .br and .gz copies written at build time (scripts/precompress.mjs).
    preCompressed: true,
    // Ours, below; with send's own on, every asset would say max-age=0.
    cacheControl: false,
    setHeaders(res, filePath) {
      // Vite puts a content hash in every name under assets/.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
      // The answer depends on Accept-Encoding (preCompressed); send does not say so itself.
      res.setHeader('vary', 'accept-encoding')
    },
  })

  async function render(request: FastifyRequest): Promise<Omit<CachedPage, 'gzip' | 'br'>> {
    const response = await handle(toFetchRequest(request), { site })
    const body = Buffer.from(await response.arrayBuffer())
    const headers: Record<string, string> = {}
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') headers[key] = value
    })
    if (headers['content-type']?.startsWith('text/html')) {
      headers['content-security-policy'] = contentSecurityPolicy(body.toString('utf8'))
    }
    headers.etag = `"${createHash('sha1').update(body).digest('base64url')}"`
    return { status: response.status, headers, identity: body }
  }

  await app.register(async (scope) => {
    // Actions read the raw body themselves (React Router parses forms from the Fetch Request).
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null))

    scope.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (request, reply) => {
        if (isApiPath(request.url)) return reply.callNotFound()
        const key = request.url
        let page = cache.get(key)
        if (!page) {
          const startedAt = cache.generation()
          const rendered = await render(request)
          const cacheable =
            CACHEABLE_STATUS.has(rendered.status) && !rendered.headers['cache-control']?.includes('no-store')
          page = cacheable
            ? cache.set(key, startedAt, rendered, reply.getHeaders() as OutgoingHttpHeaders)
            : { ...rendered, gzip: rendered.identity, br: rendered.identity }
          if (!cacheable) return sendPage(request, reply, page, 'identity')
        }
        return sendPage(request, reply, page, pickEncoding(request.headers['accept-encoding']))
      },
    })

    scope.post(
      '/*',
      { config: { rateLimit: { max: options.postsPerIpPer15Min, timeWindow: '15 minutes' } } },
      async (request, reply) => {
        if (isApiPath(request.url)) return reply.callNotFound()
        const rendered = await render(request)
        return sendPage(request, reply, { ...rendered, gzip: rendered.identity, br: rendered.identity }, 'identity')
      },
    )
  })
}

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/uploads/')

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  encoding: 'br' | 'gzip' | 'identity',
) {
  reply.status(page.status).headers(page.headers)
  if (page.status === 200 && request.headers['if-none-match'] === page.headers.etag) return reply.status(304).send()
  // HTML is revalidated on every visit (cheap: ETag), so a change in the back office shows at once.
  if (!page.headers['cache-control']) reply.header('cache-control', 'no-cache')
  reply.header('vary', 'accept-encoding')
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity
  return reply.header('content-length', body.length).send(body)
}

function toFetchRequest(request: FastifyRequest): Request {
  const origin = `${request.protocol}://${request.host}`
  const headers = new Headers()
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v)
  }
  const controller = new AbortController()
  request.raw.once('close', () => {
    if (!request.raw.complete) controller.abort()
  })
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody && { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' }),
  } as RequestInit)
}
