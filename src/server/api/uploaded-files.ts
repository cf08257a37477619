import type { FastifyInstance } from 'fastify'
import { contentTypeOf, isImageKey } from '../storage/image-key.js'

/** Serves stored images at /uploads/{key}. Names never change content, so they cache forever. */
export async function uploadedFileRoutes(app: FastifyInstance) {
  app.get('/uploads/:key', async (request, reply) => {
    const { key } = request.params as { key: string }
    const object = isImageKey(key) ? await app.ctx.images.store.get(key) : null
    if (!object) return reply.status(404).header('cache-control', 'no-cache').send({ message: 'Image not found' })
    return reply
      .header('content-type', contentTypeOf(key))
      .header('content-length', object.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(object.body)
  })
}
