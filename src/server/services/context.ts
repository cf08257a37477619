import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import type { ImageService } from '../storage/image-service.js'
import type { IndexNow } from '../delivery/indexnow.js'
import type { Actor } from './actor.js'
import type { VersionLimits } from './publishing/versions.js'

/** What an operation needs; built once in app.ts and shared by the API routes and the SSR loaders. */
export interface ServiceContext {
  db: Db
  images: ImageService
  log: FastifyBaseLogger
  /** Who acts: app.ctx is the server itself; a signed-in request's context names its admin (actingAs). */
  actor: Actor
  /** Called after every committed change to public content (the page cache listens). */
  contentChanged(): void
  /** Publishing settings (issue 22) and the scheduler's bell. */
  publishing: PublishingSettings
  /**
   * Tells search engines of changed addresses (IndexNow, decision 104): `announceChangedUrls(tx,
   * urls)` inside the change's transaction; `contentChanged()` after it commits sends them.
   * Absent outside the server.
   */
  indexNow?: Pick<IndexNow, 'announceChangedUrls' | 'enabled'>
  /**
   * Told, inside a publish's or published change's transaction, which public addresses it shows
   * differently: their social cards are drawn after it commits (site/card-queue.ts, decision 128).
   */
  pagesChanged?: (paths: string[]) => void
}

export interface PublishingSettings {
  versions: VersionLimits
  trashDays: number
  previewLinkHours: number
  /** MT_REQUIRE_REVIEW (issue 40): a translation with unreviewed machine fields is not published. */
  requireMachineReview?: boolean
  /** PUBLIC_URL: preview links are absolute. */
  publicUrl: string
  /** A schedule was added: the scheduler looks again (other instances find it within seconds). */
  scheduled(): void
}
