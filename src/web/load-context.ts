import 'react-router'
import type { SiteData } from '../shared/site-data.js'

// What every loader and action receives as `context` (src/server/site/page-renderer.ts sets these
// on the RouterContextProvider that route middleware, react-router.config.ts, asks for).
declare module 'react-router' {
  interface AppLoadContext {
    site: SiteData
    /** The built entry of the pages that do not hydrate (static-entry.ts); null without a build of it. */
    staticEntry: string | null
  }
}

export {}
