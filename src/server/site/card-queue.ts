import type { FastifyBaseLogger } from 'fastify'
import { singleFlight } from '../single-flight.js'
import { pageKey } from './page-key.js'
import type { RenderedPage } from './page-renderer.js'
import type { SocialCards } from './social-cards.js'

export interface CardQueueOptions {
  cards: SocialCards
  /** The page rendered in the background and kept in the page cache (null without a site). */
  refreshPage(key: string): Promise<RenderedPage> | null
  /** True while no page render is under way or waiting: cards wait for that. */
  idle(): boolean
  log: FastifyBaseLogger
  /** How often a waiting card looks again whether renders are done. */
  pollMs?: number
}

/**
 * Draws the social cards of the pages a publish or a published change touched (decision 128), in
 * the background, one card at a time, each only once no page render is under way: a visitor's
 * render never shares the cores with a card it could have waited for. The pages are rendered
 * first (into the page cache, so the next visitor gets them at once) to learn which cards they
 * name. Addresses arrive inside the change's transaction (`pagesChanged`); `wake` after it commits.
 */
export function createCardQueue(options: CardQueueOptions) {
  const { cards, log } = options
  const pollMs = options.pollMs ?? 50
  // Addresses a change named inside its transaction, and those whose change has committed: only
  // these are rendered (a page rendered before the commit showed the old content, and the
  // commit's own invalidation then made it stale at once).
  const announced = new Set<string>()
  const changed = new Set<string>()
  let stopped = false

  async function untilIdle() {
    while (!stopped && !options.idle()) await new Promise((resolve) => setTimeout(resolve, pollMs))
  }

  async function drain() {
    for (const path of changed) {
      changed.delete(path)
      const key = pageKey(path)
      if (!key) continue
      await untilIdle()
      if (stopped) return
      const page = await options.refreshPage(key)?.catch((error: unknown) => {
        log.warn({ err: error, page: key }, 'could not render a changed page for its card')
        return null
      })
      if (!page?.headers['content-type']?.startsWith('text/html')) continue
      for (const card of cards.keysIn(page.body.toString('utf8'))) {
        await untilIdle()
        if (stopped) return
        await cards.draw(card)?.catch(() => {}) // logged where it failed
      }
    }
  }
  const runner = singleFlight(drain, { onError: (error) => log.error({ err: error }, 'social card queue stopped') })

  return {
    /** Public addresses (paths) a change is about to show differently; called in its transaction. */
    pagesChanged(paths: string[]) {
      if (!stopped) for (const path of paths) announced.add(path)
    },
    /** The change committed: draw what it touched. */
    wake() {
      for (const path of announced) changed.add(path)
      announced.clear()
      if (changed.size > 0) runner.wake()
    },
    /** Pages waiting for their cards. */
    get waiting() {
      return changed.size
    },
    async stop() {
      stopped = true
      announced.clear()
      changed.clear()
      await runner.stop()
    },
  }
}
export type CardQueue = ReturnType<typeof createCardQueue>
