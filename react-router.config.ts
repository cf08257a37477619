import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'src/web',
  buildDirectory: 'build',
  ssr: true,
  // React Router 8's behaviour, adopted now (decision 131): each was built and run through the
  // tests that cover it; none is a change a visitor sees.
  future: {
    // `context` is a RouterContextProvider (site/page-renderer.ts makes it, with `site` on it).
    v8_middleware: true,
    // clientLoader and its kin in chunks of their own: the admin's screens load them in parallel.
    v8_splitRouteModules: true,
    // Builds through Vite's Environment API (the client and server builds in one Vite run).
    v8_viteEnvironmentApi: true,
    // Loaders get the request as it came (data requests are the admin's only; they read no path).
    v8_passThroughRequests: true,
    // `/a/` asks for `/a/_.data`, not `/a.data`.
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config
