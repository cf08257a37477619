import { createHash } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { type AppLoadContext, createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router'
import type { SiteData } from '../../shared/site-data.js'
import { contentSecurityPolicy } from './content-security-policy.js'
import { openerPolicyOf } from './opener-policy.js'
import { createRenderGate } from './render-gate.js'

/** What React Router answered for an address, ready to store or send. */
export interface RenderedPage {
  status: number
  /** The answer's own headers: content type, location, ETag, for HTML its CSP; COOP but on public pages. */
  headers: Record<string, string>
  body: Buffer
}

export interface PageRendererOptions {
  build: ServerBuild
  site: SiteData
  /** PUBLIC_URL: pages are rendered for the site's own origin, never for a Host header. */
  origin: string
  /** Renders at once, and waiting past that (then 503). */
  concurrent?: number
  queued?: number
  /** The built entry of the pages that do not hydrate (static-entry.ts). */
  staticEntry?: string | null
  /** Rewrites a rendered HTML page (at its path) before it is stored or sent (page-head.ts). */
  rewriteHtml?: (html: string, path: string) => string | Promise<string>
}

// Headers about one hop of the connection, not about the request.
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade'])

/** Renders pages and runs actions through React Router, a few at a time (render-gate.ts). */
export function createPageRenderer(options: PageRendererOptions) {
  const handle = createRequestHandler(
    options.build,
    process.env.NODE_ENV === 'production' ? 'production' : 'development',
  )
  const pass = createRenderGate(options.concurrent ?? 4, options.queued ?? 64)
  const url = (key: string) => new URL(key, options.origin)

  async function run(request: Request, site = options.site): Promise<RenderedPage> {
    // With route middleware on (react-router.config.ts), the context must be a provider; what every
    // loader reads (load-context.ts) is set on it. The handler's type follows the flag only through
    // React Router's type generation, which this project does not run: hence the cast.
    const context = Object.assign(new RouterContextProvider(), { site, staticEntry: options.staticEntry ?? null })
    const response = await handle(request, context as unknown as AppLoadContext)
    let body = Buffer.from(await response.arrayBuffer())
    const headers: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers[name] = value
    })
    if (headers['content-type']?.startsWith('text/html')) {
      const html = options.rewriteHtml
        ? await options.rewriteHtml(body.toString('utf8'), new URL(request.url).pathname)
        : body.toString('utf8')
      body = Buffer.from(html)
      headers['content-security-policy'] = contentSecurityPolicy(html)
    }
    const openerPolicy = openerPolicyOf(new URL(request.url).pathname, headers['content-type'])
    if (openerPolicy) headers['cross-origin-opener-policy'] = openerPolicy
    headers.etag = `"${createHash('sha1').update(body).digest('base64url')}"`
    return { status: response.status, headers, body }
  }

  return {
    /**
     * A page (GET) as every visitor sees it. No visitor's headers go in: a cached page must not
     * depend on who asked first.
     */
    page: (key: string) => pass(() => run(new Request(url(key)))),

    /** A page rendered with other site data (a draft's preview): never for the cache. */
    pageWith: (key: string, site: SiteData) => pass(() => run(new Request(url(key)), site)),

    /** A form posted to a page's action, with the visitor's headers and (already bounded) body. */
    action(key: string, visitor: { headers: IncomingHttpHeaders; body: Buffer; signal: AbortSignal }) {
      const headers = new Headers()
      for (const [name, value] of Object.entries(visitor.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
      }
      return pass(() =>
        run(
          new Request(url(key), {
            method: 'POST',
            headers,
            body: new Uint8Array(visitor.body),
            signal: visitor.signal,
          }),
        ),
      )
    },
  }
}
export type PageRenderer = ReturnType<typeof createPageRenderer>
