import type { AttentionItem } from '../../shared/stats.js'
import type { Db } from '../db/client.js'

/**
 * One check of the dashboard's "Needs attention": how many things wait, said in a sentence, and
 * the screen where they are fixed. A new check is one function and one line in CHECKS (attention.ts).
 * `languages`: only translations into these count (a translator's dashboard); absent, every one.
 */
export type AttentionCheck = (db: Db, languages?: readonly string[]) => Promise<AttentionItem>

/** Whether a translation into `language` is one the check counts. */
export const counted = (language: string, languages?: readonly string[]) => !languages || languages.includes(language)
