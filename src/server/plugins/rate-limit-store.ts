import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { RateLimits } from '../services/rate-limits.js'

// What @fastify/rate-limit hands to child(): the route's merged limit options and the route.
interface RouteLimitOptions {
  groupId?: string
  routeInfo?: { method?: string | string[]; url?: string }
}

/**
 * A store for @fastify/rate-limit that keeps its counts in the database (rate-limits.ts), so the
 * per-IP limits hold across server instances and restarts. Each route counts on its own, as with
 * the plugin's in-memory store; routes with the same groupId share one count.
 */
export function databaseRateLimitStore(limits: RateLimits): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string
    // The plugin calls this with its global options; child() with the route's scope.
    constructor(scope: unknown) {
      this.scope = typeof scope === 'string' ? scope : 'global'
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      limits.hit(`ip:${this.scope}:${key}`, { windowMs: timeWindow }).then(
        ({ hits, resetsAt }) => callback(null, { current: hits, ttl: Math.max(0, resetsAt.getTime() - Date.now()) }),
        (error: Error) => callback(error),
      )
    }

    child(options: unknown): FastifyRateLimitStore {
      const { groupId, routeInfo } = options as RouteLimitOptions
      const method = [routeInfo?.method ?? ''].flat().join(',')
      return new DatabaseRateLimitStore(groupId ? `group:${groupId}` : `${method} ${routeInfo?.url ?? ''}`)
    }
  }
  // The plugin constructs the store itself (new Store(globalOptions)).
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor
}
