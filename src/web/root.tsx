import { type ReactNode, useEffect } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import displayFont from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2?url'
import { ScrollRestoration } from './components/scroll-restoration.js'
import { markPageHydrated } from './components/server-html.js'
import { staticEntryOf } from './lib/page-handle.js'
import { SITE_LAYOUT_ID } from './lib/use-site.js'
import fontFaces from './styles/fonts.css?inline'
import './styles/global.css'

// The display font is preloaded: without it the home page's heading (its largest text) is painted
// again when the font arrives late, and that later paint became Lighthouse's LCP (2.4-2.7 s
// instead of 1.3-1.6 s, docs/performance.md). fonts.css gives it a stand-in of the same size for
// when it is late all the same.
// The icon is a PNG (public/favicon.png, 48 px, drawn from favicon.svg): the browser decodes a
// page's icon on the page's own main thread, and an SVG icon is a whole SVG document to build
// there, a 40-110 ms task at 4x CPU after every page's first paint (issue 27, docs/performance.md).
export const links = () => [
  { rel: 'preload', href: displayFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.png', type: 'image/png', sizes: '48x48' },
]

export function Layout({ children }: { children: ReactNode }) {
  // The page's language, when a site route knows it (SEO and screen readers).
  const site = useRouteLoaderData(SITE_LAYOUT_ID) as { lang?: string; staticEntry?: string | null } | undefined
  // A page with no behaviour of its own starts no framework (decision 121): on the server, its
  // routes say so; in the browser this renders only in a page that has hydrated, so one that does.
  const handles = useMatches().map((match) => match.handle)
  const staticEntry = typeof document === 'undefined' ? staticEntryOf(handles, site?.staticEntry) : null
  return (
    <html lang={site?.lang ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f6f3ee" />
        <Meta />
        <style dangerouslySetInnerHTML={{ __html: fontFaces }} />
        <Links />
      </head>
      <body>
        {children}
        {staticEntry ? (
          <script type="module" async dangerouslySetInnerHTML={{ __html: `import ${JSON.stringify(staticEntry)}` }} />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  )
}

export default function App() {
  // Marks the page interactive (React has hydrated it): end-to-end tests wait for it.
  useEffect(() => {
    markPageHydrated()
    document.documentElement.setAttribute('data-hydrated', 'true')
  }, [])
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <main className="error-page">
      <h1>{status === 404 ? 'Page Not Found !' : 'Something went wrong'}</h1>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </main>
  )
}
