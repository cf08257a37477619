import type { FastifyInstance } from 'fastify'
import { HttpError } from '../errors.js'
import type { Previews } from '../site/preview-site.js'

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * GET /preview/{token}: a preview link (decision 084). A valid token is sent on to the page it
 * shows, at its own address with ?preview=token (so the page hydrates as itself); a forged one
 * answers 404, an expired or withdrawn one 410. Never cached, never indexed.
 */
export async function previewRoutes(app: FastifyInstance, options: { previews: Previews }) {
  // A wildcard, not :token: a sealed token is longer than the router's 100-character parameters.
  app.get('/preview/*', async (request, reply) => {
    const token = (request.params as { '*': string })['*']
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow')
    try {
      const path = await options.previews.pathOf(token)
      return reply.redirect(`${path}?preview=${encodeURIComponent(token)}`, 302)
    } catch (error) {
      if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 410)) throw error
      return reply
        .status(error.statusCode)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
            `<title>Preview not available</title></head><body><h1>Preview not available</h1>` +
            `<p>${escapeHtml(error.message)}</p></body></html>`,
        )
    }
  })
}
