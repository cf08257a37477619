import { defineConfig } from 'vite'

/*
 * The browser entry of the pages that do not hydrate (src/web/entry.static.ts, decision 121),
 * built after React Router's client build into the same assets folder: one small module with a
 * content hash in its name, found by the server through its manifest (static-entry.ts).
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    manifest: '.vite/static-entry.json',
    modulePreload: false,
    rolldownOptions: {
      input: 'src/web/entry.static.ts',
      output: { entryFileNames: 'assets/entry.static-[hash].js' },
    },
  },
})
