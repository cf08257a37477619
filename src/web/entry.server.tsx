import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'
import { staticEntryOf } from './lib/page-handle.js'

/** How long a render may wait on data before React sends what it has (React Router's default). */
export const streamTimeout = 5_000

/**
 * React Router's server entry, answering once the whole page is rendered (`onAllReady`) for every
 * visitor, not for crawlers only (decision 118). The page renderer reads the whole answer anyway
 * (page cache, critical CSS, CSP hashes), so streaming from the shell gained nothing; and a
 * Suspense boundary flushed with the shell stays in place, in the HTML order, instead of being
 * sent at the end of the body and moved by an inline script (missing without JavaScript, placed
 * after the first paint). `progressiveChunkSize` keeps a large finished boundary in place too:
 * React outlines one past 12.8 KB by default.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  const context = forBrowser(routerContext, loadContext)
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    // Aborted after the timeout, so a boundary still waiting is sent as its fallback.
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={context} url={request.url} />, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellRendered = true
      },
      onAllReady() {
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeout)
            timeout = undefined
            callback()
          },
        })
        responseHeaders.set('Content-Type', 'text/html')
        pipe(body)
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        )
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        // An error in the shell rejects and is logged by React Router; one inside a boundary is
        // logged here (React sends the boundary's fallback and the browser renders it).
        if (shellRendered) console.error(error)
      },
    })
  })
}

/**
 * A page that does not hydrate (decision 121) is sent without the data React Router hands the
 * browser to hydrate with: root.tsx leaves out its scripts too.
 */
function forBrowser(context: EntryContext, { staticEntry }: AppLoadContext): EntryContext {
  const handles = context.staticHandlerContext.matches.map((match) => context.routeModules[match.route.id]?.handle)
  return staticEntryOf(handles, staticEntry) ? { ...context, serverHandoffStream: undefined } : context
}
