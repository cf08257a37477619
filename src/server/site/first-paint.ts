import BeastiesModule from 'beasties'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'

// Its types describe a CommonJS module; Node loads its ES module, whose default export is the class.
const Beasties = BeastiesModule as unknown as typeof BeastiesModule.default

/*
 * Rewrites of a rendered public page so that a phone's first paint waits for the HTML alone
 * (docs/performance.md, "Lighthouse"; decision 060). They run once per render; the page cache
 * stores the result, so a visitor pays nothing for them. Each leaves the page as it is when React
 * Router's output is not what it expects (tests/api/site-assets.test.ts fails then).
 *
 * - The CSS the page uses (beasties: the rules whose selectors match its elements, 2.4-3.9 KB
 *   brotli instead of 8.3 KB) is inlined, so the HTML of the first screen fits in the first
 *   ~14 KB a new connection delivers. The site's stylesheets stay linked, `disabled`: never
 *   fetched before the first paint, and the elements hydration looks for (without them React
 *   renders the whole document again). React leaves alone attributes it did not render.
 * - Hydration (React Router's module preloads and module script: ~95 KB brotli that would share a
 *   phone's bandwidth with the hero image) moves into a <template>. A small inline script puts it
 *   back, and enables the stylesheets, once the first contentful paint is shown (at once in a
 *   hidden tab, where nothing is painted). Until then the page is the server's HTML: links work;
 *   buttons wait for hydration, as they do while the scripts download anyway.
 */
export function createFirstPaint(clientDir: string, staticEntry: string | null = null) {
  const stylesheets = new Map<string, string | null>()
  const stylesheet = (href: string): string | null => {
    if (!stylesheets.has(href)) stylesheets.set(href, readStylesheet(clientDir, href))
    return stylesheets.get(href)!
  }
  const critical = createCriticalCss([], false)
  const complete = createCriticalCss(SCRIPTED_STATES, true)
  const startsStaticEntry = staticEntry ? `${MODULE_SCRIPT_START}import ${JSON.stringify(staticEntry)}` : null

  return async function forFirstPaint(html: string): Promise<string> {
    const headEnd = html.indexOf('</head>')
    const hydration = findHydration(html)
    if (headEnd < 0 || !hydration || hydration.start < headEnd) return html
    const links = [...html.slice(0, headEnd).matchAll(STYLESHEET_LINK)]
    const sheets = links.map((link) => stylesheet(link[1]!))
    if (links.length === 0 || sheets.some((css) => css === null)) return html

    // A page that starts no framework (decision 122) never needs the whole stylesheets: nothing
    // renders on it but its own few scripts, whose states are inlined too. Leaving them out spares
    // a slowed phone the style recalculation of the page they cost once applied (23-54 ms at 4x,
    // traced: a long task after the first paint).
    const isStatic = startsStaticEntry !== null && html.startsWith(startsStaticEntry, hydration.start)
    const css = await (isStatic ? complete : critical)(html, sheets.join('\n'))
    let head = html.slice(0, headEnd)
    for (const [index, link] of links.entries()) {
      const kept = isStatic ? '' : link[0].replace(/\/>$/, ' disabled=""/>')
      head = head.replace(link[0], index === 0 ? `<style>${css}</style>${kept}` : kept)
    }
    return deferHydration(head + html.slice(headEnd, hydration.start), html.slice(hydration.start))
  }
}

/*
 * The rules for the states a static page's scripts set (entry.static.ts and behaviours/), which
 * match no element as the server sends the page: the header turning solid and its logo showing
 * (is-sticky, is-hidden), a tab's image fading in (is-active), Swiper's classes once a carousel
 * starts, the enquiry form's messages (has-error, contact-field__error, is-visible) and a control
 * its script disables (a gallery's arrow at either end: the server sends none disabled).
 * tests/e2e/static-styles.e2e.ts checks the pages look as with the whole stylesheets.
 */
const SCRIPTED_STATES = [
  /\.is-sticky\b/,
  /\.is-hidden\b/,
  /\.is-active\b/,
  /\.swiper/,
  /\.has-error\b/,
  /\.contact-field__error\b/,
  /\.is-visible\b/,
  /\[disabled\]|:disabled\b/,
]

// React renders `<link rel="stylesheet" href="…"/>` with these two attributes, in this order.
const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)"\/>/g
const MODULE_PRELOAD = /<link rel="modulepreload" href="\/assets\/[\w.-]+\.js"\/>/g
const MODULE_SCRIPT_START = '<script type="module" async="">'
const TEMPLATE_ID = 'hydration'

function readStylesheet(clientDir: string, href: string): string | null {
  try {
    const css = readFileSync(path.join(clientDir, href), 'utf8')
    // Text that would end the <style> element early cannot be inlined as it is.
    return /<\/style/i.test(css) ? null : css
  } catch {
    return null
  }
}

/** Where React Router's inline module script starts (its imports start hydration). */
function findHydration(html: string): { start: number } | null {
  const start = html.indexOf(MODULE_SCRIPT_START)
  return start >= 0 && html.indexOf('</script>', start) > 0 ? { start } : null
}

/** `before` ends where the module script starts; `after` starts with it. */
function deferHydration(before: string, after: string): string {
  const scriptEnd = after.indexOf('</script>') + '</script>'.length
  const preloads: string[] = []
  const rest = before.replace(MODULE_PRELOAD, (link: string) => {
    preloads.push(link)
    return ''
  })
  return (
    `${rest}<template id="${TEMPLATE_ID}">${preloads.join('')}${after.slice(0, scriptEnd)}</template>` +
    `<script>${HYDRATION_LOADER}</script>${after.slice(scriptEnd)}`
  )
}

// Runs while the page is parsed. It waits for the browser's first-contentful-paint entry, which
// is reported once that paint has been presented: a frame merely begun (requestAnimationFrame,
// then a timeout) was measured to let the scripts be fetched before the paint showed. Where paint
// entries are unknown it waits for the frame, and at once in a hidden tab (no frame is painted
// there); 4 s is the longest it waits in any case. The stylesheets are then fetched, matching no
// media, and apply together once all have loaded: one style recalculation of the page instead of
// one per stylesheet (10-22 ms each at 4x CPU, traced), and never one stylesheet without the
// others (the inlined rules come first in the cascade, so the root stylesheet on its own would win
// over rules of the site's: a card title on /es/all-projects moved 4 px, a layout shift). Each
// stylesheet's fetch starts in a task of its own, then each module preload, and the module script,
// which starts hydration (or the static entry, decision 121), last: starting a fetch costs the
// main thread 1-10 ms of a slowed phone's CPU; the eleven of a project page in one task took
// 16-84 ms, and the three stylesheets in the paint observer's callback 35-79 ms at 4x, long tasks
// right after the first paint. The CSP
// allows an inline script inserted later by its hash, as it does in the page.
const HYDRATION_LOADER = `(function(d){var done=0;function go(){var t=d.getElementById("${TEMPLATE_ID}");if(done||!t)return;done=1;var s=[].slice.call(d.querySelectorAll("link[rel=stylesheet][disabled]")),n=s.length;s.forEach(function(l){l.media="not all";l.onload=l.onerror=function(){if(!--n)s.forEach(function(k){k.removeAttribute("media")})}});var c=d.importNode(t.content,true),p=s.concat([].slice.call(c.querySelectorAll("link")));setTimeout(function add(){var l=p.shift();if(!l)return t.replaceWith(c);if(l.disabled)l.disabled=false;else d.head.appendChild(l);setTimeout(add,0)},0)}if(d.visibilityState==="hidden")return go();d.addEventListener("visibilitychange",go);setTimeout(go,4000);var P=window.PerformanceObserver;if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0){new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true})}else requestAnimationFrame(function(){setTimeout(go,0)})})(document)`

/**
 * The rules of `css` that the page's elements use, with the @keyframes they need (the @font-face
 * rules are in the page already: root.tsx writes them into its head). Only the CSS is taken from
 * beasties' output: the page itself stays byte for byte React's.
 * Pages of one kind share their elements, so the answer is kept per set of element shapes
 * (tag and the attributes selectors look at), and beasties (~50-150 ms) runs once per set. Two
 * pages with the same shapes in another arrangement could in principle match other combinator
 * rules; the whole stylesheet follows the first paint in any case. Not on a page that starts no
 * framework: there the rules are all the page gets, so its answer is kept per arrangement (the
 * shapes in document order, closing tags too: `ordered`).
 */
function createCriticalCss(allowRules: RegExp[], ordered: boolean) {
  const beasties = new Beasties({
    allowRules,
    external: false,
    reduceInlineStyles: true,
    compress: true,
    fonts: false,
    keyframes: 'critical',
    logLevel: 'silent',
  })
  const known = new Map<string, string>()
  const MAX_KNOWN = 200

  return async function criticalCss(html: string, css: string): Promise<string> {
    const key = shapeKey(html, css, ordered)
    const found = known.get(key)
    if (found !== undefined) return found
    const page = html.replace('</head>', `<style ${CRITICAL_MARK}>${css}</style></head>`)
    const out = await beasties.process(page)
    const picked = CRITICAL_STYLE.exec(out)?.[1]
    const result = picked ?? css
    if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value!)
    known.set(key, result)
    return result
  }
}

// Tells the stylesheet given to beasties from the page's own <style> elements (the fonts).
const CRITICAL_MARK = 'data-critical'
const CRITICAL_STYLE = new RegExp(`<style ${CRITICAL_MARK}(?:="")?>([\\s\\S]*?)</style>`)

// The attributes that decide which rules apply: class and id, those pseudo-classes read
// (:disabled, :checked …), and every attribute the stylesheet selects on (`[aria-current=page]`).
// Text and other values (href, src, alt, aria-label) change from page to page of one kind
// without changing which rules apply: with every aria-* value in the key, each page of all
// projects (its cards' "View More: <title>" labels) was a new shape, and beasties ran for each
// first visit (~60-100 ms of a 126 ms render at 1,000 × 10; docs/performance.md).
const ALWAYS_SELECTED = ['class', 'id', 'type', 'rel', 'role', 'hidden', 'open', 'disabled', 'checked']
const selectedAttributes = new Map<string, RegExp>()

/** A pattern matching the attributes that matter to `css`'s selectors, made once per stylesheet. */
function selectedAttributesOf(css: string): RegExp {
  let pattern = selectedAttributes.get(css)
  if (!pattern) {
    const names = new Set(ALWAYS_SELECTED)
    for (const match of css.matchAll(/\[\s*([a-zA-Z][\w-]*)/g)) names.add(match[1]!.toLowerCase())
    pattern = new RegExp(`\\s(${[...names].join('|')})(?:="([^"]*)")?(?=[\\s/>]|$)`, 'g')
    selectedAttributes.set(css, pattern)
  }
  return pattern
}

/** The page's distinct element shapes, or all of them in order (plus the stylesheet), as one hash. */
function shapeKey(html: string, css: string, ordered: boolean): string {
  const selected = selectedAttributesOf(css)
  const shapes: string[] = []
  for (const tag of html.matchAll(/<(\/?[a-zA-Z][\w-]*)([^>]*)>/g)) {
    const attributes = [...tag[2]!.matchAll(selected)].map((a) => `${a[1]}=${a[2] ?? ''}`)
    if (ordered || !tag[1]!.startsWith('/')) shapes.push(`${tag[1]} ${attributes.join(' ')}`)
  }
  const key = ordered ? shapes : [...new Set(shapes)].sort()
  return createHash('sha1').update(css).update(key.join('\n')).digest('base64')
}
