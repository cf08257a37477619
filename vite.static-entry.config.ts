import { defineConfig } from 'vite'

/*
 * The browser entry of the pages that do not hydrate (src/web/entry.static.ts, decisions 121 and
 * 122), built after React Router's client build into the same assets folder: one small module with
 * a content hash in its name, and the behaviours it loads on demand, found by the server through
 * its manifest (static-entry.ts). Built as a library: that leaves out Vite's preload helper, 1.7 KB
 * of code for stylesheets and preloads these modules have none of.
 */
export default defineConfig({
  publicDir: false,
  // A library build leaves `process.env.NODE_ENV` to its user: the gallery's lightbox brings React,
  // whose production build this picks.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    manifest: '.vite/static-entry.json',
    lib: { entry: 'src/web/entry.static.ts', formats: ['es'] },
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/entry.static-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        minify: true,
      },
    },
  },
})
