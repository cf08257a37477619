import { type ReactNode, Suspense } from 'react'

/**
 * A part of a page with behaviour that React hydrates after the rest (issue 27): a Suspense
 * boundary rendered on the server is left dehydrated while React hydrates and commits the page
 * around it, then hydrated in a later pass of its own. The work of hydrating the page is split
 * across more tasks; a press on a part not yet hydrated makes React hydrate it first and replays
 * the press. Nothing suspends inside: on the server it renders in place, in order.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
