import 'react-router'
import type { SiteData } from '../shared/site-data.js'

// What every loader and action receives as `context` (built in src/server/site/ssr.ts).
declare module 'react-router' {
  interface AppLoadContext {
    site: SiteData
    /** The built entry of the pages that do not hydrate (static-entry.ts); null without a build of it. */
    staticEntry: string | null
  }
}

export {}
