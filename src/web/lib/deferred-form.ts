/*
 * A form the server sends inside `<noscript>`, put into the page just after DOMContentLoaded
 * (decision 124). A form in the page at DOMContentLoaded is read by the browser there and then,
 * laying the page out again and again: a long task of 55-253 ms at 4x CPU after the first paint,
 * on every project and contact page (docs/performance.md). One put in a task later costs no long
 * task. Without scripts the browser shows the `<noscript>`'s form itself.
 */

/** What the page's inline script says on `document` once it has put the forms in. */
export const DEFERRED_FORMS_IN = 'deferred-forms-in'

/** The attribute that marks such a `<noscript>` (components/deferred-form.tsx renders it). */
export const DEFERRED_FORM_ATTRIBUTE = 'data-deferred-form'
/** A form still waiting to be put in. */
const WAITING = `noscript[${DEFERRED_FORM_ATTRIBUTE}]`

/**
 * The inline script after each such `<noscript>` (the same text on every page: one hash in the
 * CSP). Where scripts run, a `<noscript>`'s content is its markup as text; a <template> parses it
 * inert. Inline, not in the site's scripts: the form is in even when those never arrive, and
 * posts to the page as it does without scripts.
 */
export const PUT_IN_FORM_SCRIPT = `(function(s){document.addEventListener("DOMContentLoaded",function(){setTimeout(function(){var n=s.previousElementSibling,t=document.createElement("template");if(n&&n.tagName==="NOSCRIPT"){t.innerHTML=n.textContent;n.replaceWith(t.content)}s.remove();if(!document.querySelector("${WAITING}"))document.dispatchEvent(new Event("${DEFERRED_FORMS_IN}"))},0)})})(document.currentScript)`

/** Runs `then` once no form of the page waits to be put in (at once on a page with none). */
export function afterDeferredForms(then: () => void) {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => afterDeferredForms(then), { once: true })
  } else if (document.querySelector(WAITING)) {
    document.addEventListener(DEFERRED_FORMS_IN, then, { once: true })
  } else {
    then()
  }
}
