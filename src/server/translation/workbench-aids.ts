import type { Executor } from '../db/client.js'
import type { TranslationAids } from './workbench-segments.js'

// The translation core's splitting, memory and glossary, as the workbench asks them.
// TEMPORARY until the core's segments.ts / memory.ts / glossary.ts land.

export function translationAids(_db: Executor): TranslationAids {
  return {
    segment: (text) => text.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim() !== ''),
    memory: async () => new Map(),
    glossary: async () => [],
  }
}
