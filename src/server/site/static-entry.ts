import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The address of the built entry of the pages that do not hydrate (vite.static-entry.config.ts,
 * decision 121), from its build manifest; null without one, and such pages then hydrate as every
 * other page does.
 */
export function findStaticEntry(clientDir: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', 'static-entry.json'), 'utf8')) as Record<
      string,
      { file?: string; isEntry?: boolean }
    >
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.file)
    return entry ? `/${entry.file}` : null
  } catch {
    return null
  }
}
