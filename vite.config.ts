import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { eagerCommonJs } from './scripts/eager-commonjs.js'

const SHARED_SITE_CODE = /src[\\/](shared|web[\\/](lib|components))[\\/]/
// Kept out: code only some pages use. The carousels and the forms: their Swiper and zod load
// apart, when a carousel nears the viewport or a visitor moves into a form. The slug maker: only
// the back office previews slugs, and its transliteration tables took a slow phone ~50 ms to build
// on every public page. The translation-text rules and the stats types: only the back office (issue 25).
const SOME_PAGES_ONLY =
  /components[\\/](social-carousel|project-gallery|project-amenities|lazy-carousel|swiper-carousel|contact-form|project-enquiry)\.|lib[\\/]enquiry-action\.|[\\/]schemas[\\/]|shared[\\/](slug|page-texts|stats)\./

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), eagerCommonJs()],
  build: {
    assetsInlineLimit: 0,
    // A phone's first visit pays a round trip per file: a dozen 1–3 KB chunks cost more than their
    // bytes. Group the framework and the site's shared code (docs/performance.md).
    ...(!isSsrBuild && {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'framework',
                test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                priority: 2,
              },
              { name: 'site', test: (id) => SHARED_SITE_CODE.test(id) && !SOME_PAGES_ONLY.test(id), priority: 1 },
            ],
          },
        },
      },
    }),
  },
}))
