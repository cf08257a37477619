import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { existsSync } from 'node:fs'
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import { isBackOfficePath } from '../../shared/site-pages.js'
import type { SiteData } from '../../shared/site-data.js'
import { badRequest, HttpError } from '../errors.js'
import { readBoundedBody } from './bounded-body.js'
import { createPageCache, encode, type PageCache, pickEncoding } from './page-cache.js'
import { createFirstPaint } from './first-paint.js'
import { pageKey } from './page-key.js'
import { createPageRenderer, type RenderedPage } from './page-renderer.js'
import { findStaticEntry } from './static-entry.js'
import { writeCachedPage, writeRenderedPage } from './page-response.js'

// src/server/site and dist/server/site sit at the same depth.
export const SITE_BUILD_DIR = fileURLToPath(new URL('../../../build', import.meta.url))

export interface SiteOptions {
  site: SiteData
  /** PUBLIC_URL: the origin pages are rendered for. */
  publicUrl: string
  /** Enquiries posted through a page's form count against the same limit as send-email. */
  postsPerIpPer15Min: number
  cacheMaxEntries: number
  cacheMaxBytes: number
  /** Told of every page answered, cached or rendered: the visit counter (stats/visit-counter.ts). */
  countView?: CountView
  /** Preview links (issue 22): the site data a token shows, and whether a project slug is in the trash. */
  previews?: { open(token: string, site: SiteData): Promise<SiteData> }
  isProjectGone?: (slug: string) => Promise<boolean>
  /** Puts each page's stored social card in its head (social-cards.ts). */
  rewriteCards?: (html: string) => Promise<string>
  /** Told how long each page render took (the metrics, decision 127). */
  onRender?: (statusCode: number, seconds: number) => void
}

/** What a page answer tells the visit counter: the request, the page's status and content type. */
export type CountView = (
  asked: Pick<IncomingMessage, 'method' | 'url' | 'headers'>,
  status: number,
  contentType: string | undefined,
  times?: number,
) => void

/** ?preview=<token> on a page address (a preview link's redirect lands there). */
const previewTokenOf = (url: string): string | null => {
  const at = url.indexOf('?')
  return at === -1 ? null : new URLSearchParams(url.slice(at + 1)).get('preview')
}

const PROJECT_PAGE = /^\/project\/([^/?]+?)(?:\.data)?(?:\?.*)?$/

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/uploads/')

/**
 * The React Router app: hashed assets from build/client, every other GET rendered on the server
 * and kept in the page cache, POSTs only to pages that have an action. Needs `npm run build`
 * first; answers the page cache, or null without a build (API only).
 */
export async function registerSite(app: FastifyInstance, options: SiteOptions): Promise<PageCache | null> {
  const serverEntry = path.join(SITE_BUILD_DIR, 'server', 'index.js')
  if (!existsSync(serverEntry)) {
    app.log.warn('no site build found (run `npm run build`); serving the API only')
    return null
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild
  const { site } = options
  // Public pages only (first-paint.ts): the admin's screens render in the browser anyway.
  const clientDir = path.join(SITE_BUILD_DIR, 'client')
  const staticEntry = findStaticEntry(clientDir)
  const firstPaint = createFirstPaint(clientDir, staticEntry)
  const forFirstPaint = (html: string, pagePath: string) => (isBackOfficePath(pagePath) ? html : firstPaint(html))
  const { rewriteCards } = options
  const renderer = createPageRenderer({
    build,
    site,
    origin: options.publicUrl,
    staticEntry,
    rewriteHtml: rewriteCards
      ? async (html, pagePath) => forFirstPaint(await rewriteCards(html), pagePath)
      : forFirstPaint,
  })
  // A project in the trash: its address answers 410 with the 404 page's content (issue 22).
  const render = async (key: string) => {
    const started = performance.now()
    const page = await renderer.page(key)
    options.onRender?.(page.status, (performance.now() - started) / 1000)
    const slug = PROJECT_PAGE.exec(key)?.[1]
    if (slug && page.status >= 300 && page.status < 400 && options.isProjectGone) {
      if (await options.isProjectGone(decodeURIComponent(slug))) {
        const gone = await renderer.page('/404')
        return { ...gone, status: 410 }
      }
    }
    return page
  }
  const cache = createPageCache({
    render,
    maxEntries: options.cacheMaxEntries,
    maxBytes: options.cacheMaxBytes,
    warmKeys: () => mostVisitedPages(site),
    onError: (error, key) => app.log.warn({ err: error, page: key }, 'background page render failed'),
  })
  app.addHook('onClose', async () => cache.stop())

  await registerAssets(app)

  await app.register(async (scope) => {
    // Actions read the body themselves, bounded (bounded-body.ts); nothing else may read it first.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null))

    scope.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (request, reply) => {
        if (isApiPath(request.url)) return reply.callNotFound()
        const key = pageKey(request.url)
        if (!key) throw badRequest('This address is not valid')
        const previewToken = options.previews && previewTokenOf(request.url)
        if (previewToken) return sendPreview(reply, key, await options.previews!.open(previewToken, site))
        cache.setBaseHeaders(reply.getHeaders() as OutgoingHttpHeaders)
        const found = cache.lookup(key)
        if (found) {
          reply.hijack()
          writeCachedPage(reply.raw, request, found.entry, found.state)
          return options.countView?.(request.raw, found.entry.page.status, found.entry.page.headers['content-type'])
        }
        const page = request.method === 'HEAD' ? await cache.peek(key) : await cache.miss(key)
        const encoding = pickEncoding(request.headers['accept-encoding'])
        const body = await encode(page.body, encoding, 'quick')
        reply.hijack()
        writeRenderedPage(reply.raw, request, page.status, cache.wireHeaders(page, encoding, body), body)
        options.countView?.(request.raw, page.status, page.headers['content-type'])
      },
    })

    for (const url of actionPaths(build).flatMap((p) => [p, dataPath(p)])) {
      scope.post(
        url,
        { config: { rateLimit: { max: options.postsPerIpPer15Min, timeWindow: '15 minutes' } } },
        async (request, reply) => {
          const key = pageKey(request.url)
          if (!key) throw badRequest('This address is not valid')
          const body = await readForm(request, reply)
          const controller = new AbortController()
          request.raw.once('close', () => controller.abort())
          const page = await renderer.action(key, { headers: request.headers, body, signal: controller.signal })
          return sendRendered(reply, page)
        },
      )
    }

    // Pages without an action take no POST, and such a request counts against nobody's limit.
    scope.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        if (isApiPath(request.url)) return reply.callNotFound()
        return reply.status(405).header('allow', 'GET, HEAD').send({ message: 'This page does not take a form' })
      },
    })
  })
  /** A draft's preview: rendered for this request only, never cached, never indexed. */
  async function sendPreview(reply: FastifyReply, key: string, previewSite: SiteData) {
    const page = await renderer.pageWith(key, previewSite)
    const body = page.headers['content-type']?.startsWith('text/html')
      ? Buffer.from(
          page.body.toString('utf8').replace('<head>', '<head><meta name="robots" content="noindex, nofollow">'),
        )
      : page.body
    const { etag: _etag, ...headers } = page.headers
    return reply
      .status(page.status)
      .headers(headers as OutgoingHttpHeaders)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(body)
  }
  return cache
}

/** Home and all projects in every language: re-rendered right after a change. */
async function mostVisitedPages(site: SiteData): Promise<string[]> {
  const codes = (await site.languages()).map((l) => l.code)
  return codes.flatMap((code) =>
    code === BASE_LANGUAGE ? ['/', '/all-projects'] : [`/${code}`, `/${code}/all-projects`],
  )
}

/** The form of a POST: at most 64 KB, form-encoded or multipart, and well-formed. */
async function readForm(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  const type = String(request.headers['content-type'] ?? '').toLowerCase()
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
    throw new HttpError(415, 'Send the form as application/x-www-form-urlencoded or multipart/form-data')
  }
  let body: Buffer
  try {
    body = await readBoundedBody(request.raw)
  } catch (error) {
    // The rest of a refused body is not worth reading: close the connection after the answer.
    reply.header('connection', 'close')
    throw error
  }
  try {
    await new Request('http://form.invalid/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: new Uint8Array(body),
    }).formData()
  } catch {
    throw badRequest('The form could not be read')
  }
  return body
}

function sendRendered(reply: FastifyReply, page: RenderedPage) {
  return reply
    .status(page.status)
    .headers(page.headers as OutgoingHttpHeaders)
    .header('cache-control', page.headers['cache-control'] ?? 'no-store')
    .send(page.body)
}

/** The paths of the routes that have an action, in Fastify's syntax (`/:lang/contact`). */
function actionPaths(build: ServerBuild): string[] {
  const fullPath = (id: string): string => {
    const route = build.routes[id]!
    const parent = route.parentId ? fullPath(route.parentId) : ''
    return [parent, route.path ?? ''].filter(Boolean).join('/')
  }
  return Object.values(build.routes)
    .filter((route) => route && 'action' in route.module && route.module.action)
    .map((route) => `/${fullPath(route!.id)}`.replace(/\/+/g, '/'))
}

/** Where React Router's client posts a form with JavaScript: `/contact.data`, or `/_root.data`. */
const dataPath = (pagePath: string) => (pagePath === '/' ? '/_root.data' : `${pagePath}.data`)

async function registerAssets(app: FastifyInstance) {
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
}
