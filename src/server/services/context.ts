import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import type { ImageService } from '../storage/image-service.js'

/** What an operation needs; built once in app.ts and shared by the API routes and the SSR loaders. */
export interface ServiceContext {
  db: Db
  images: ImageService
  log: FastifyBaseLogger
  /** Called after every committed change to public content (the page cache listens). */
  contentChanged(): void
}
