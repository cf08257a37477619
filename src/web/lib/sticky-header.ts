/** SPEC 9: the header turns solid after 78 px (site-header.tsx, and entry.static.ts on pages that do not hydrate). */
export const STICKY_THRESHOLD_PX = 78
