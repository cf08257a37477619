import { UNSAFE_useScrollRestoration as useScrollRestoration } from 'react-router'

/*
 * React Router's <ScrollRestoration>, with one change to the inline script it sends with the
 * HTML (issue 27). Both keep the scroll positions of client-side navigations in sessionStorage
 * (React Router's hook, below, under React Router's own storage key) and, as the page is parsed,
 * put a reloaded or revisited page back where it was. Theirs reads sessionStorage on every page
 * load; on a first visit the entry has just been given a new key, so nothing can be stored under
 * it, and the read was all cost: a synchronous call to the browser, 1-21 ms on an unslowed CPU
 * (median 7) in the parser's task before the first paint (docs/performance.md). This one reads
 * only when the entry already has a key (a reload, Back or Forward). What it writes into
 * history.state is React Router's, unchanged: the router takes that key as the first location's.
 */
const STORAGE_KEY = 'react-router-scroll-positions'
const SCRIPT = `(function(k){var h=history,s=h.state;if(!s||!s.key){h.replaceState({key:Math.random().toString(32).slice(2)},"");return}try{var y=JSON.parse(sessionStorage.getItem(k)||"{}")[s.key];if(typeof y==="number")scrollTo(0,y)}catch(e){console.error(e);sessionStorage.removeItem(k)}})(${JSON.stringify(STORAGE_KEY)})`

export function ScrollRestoration() {
  useScrollRestoration({ storageKey: STORAGE_KEY })
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPT }} />
}
