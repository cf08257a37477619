import type { ReactNode } from 'react'
import { DEFERRED_FORM_ATTRIBUTE, PUT_IN_FORM_SCRIPT } from '../lib/deferred-form.js'

/**
 * A form sent inside `<noscript>` and put in by the inline script after it just after
 * DOMContentLoaded (lib/deferred-form.ts, decision 124). Without scripts the browser shows it.
 */
export function DeferredForm({ children }: { children: ReactNode }) {
  return (
    <>
      <noscript {...{ [DEFERRED_FORM_ATTRIBUTE]: '' }}>{children}</noscript>
      <script dangerouslySetInnerHTML={{ __html: PUT_IN_FORM_SCRIPT }} />
    </>
  )
}
