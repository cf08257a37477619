/** What a public route says about its page besides its data (React Router's `handle` export). */
export interface PageHandle {
  /**
   * False: the page has no behaviour of its own, so the browser starts no framework for it; the
   * site's small static entry runs the header instead (entry.static.ts, decision 121).
   */
  hydrate?: boolean
}

/** The `handle` of a route whose page is server HTML and links only. */
export const STATIC_PAGE: PageHandle = { hydrate: false }

/**
 * The script a page made of routes with these handles starts instead of hydrating: the static
 * entry when one of its routes says it does not hydrate. Null when it hydrates, and when there is
 * no built static entry (it hydrates then, as every page did before).
 */
export function staticEntryOf(handles: readonly unknown[], staticEntry: string | null | undefined): string | null {
  const hydrates = !handles.some((handle) => (handle as PageHandle | undefined)?.hydrate === false)
  return hydrates ? null : (staticEntry ?? null)
}
