import type { FastifyInstance } from 'fastify'
import { contentTypeOf, isImageKey } from '../storage/image-key.js'

export interface UploadedFileOptions {
  /** A social card this process is drawing under that key (site/social-cards.ts), to wait for. */
  drawing?: (key: string) => Promise<void> | undefined
}

/** Serves stored images at /uploads/{key}. Names never change content, so they cache forever. */
export async function uploadedFileRoutes(app: FastifyInstance, options: UploadedFileOptions) {
  app.get('/uploads/:key', async (request, reply) => {
    const { key } = request.params as { key: string }
    if (!isImageKey(key))
      return reply.status(404).header('cache-control', 'no-cache').send({ message: 'Image not found' })
    await options.drawing?.(key)?.catch(() => {})
    const object = await app.ctx.images.store.get(key)
    if (!object) return reply.status(404).header('cache-control', 'no-cache').send({ message: 'Image not found' })
    return reply
      .header('content-type', contentTypeOf(key))
      .header('content-length', object.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(object.body)
  })
}
