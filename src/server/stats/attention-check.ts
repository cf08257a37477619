import type { AttentionItem } from '../../shared/stats.js'
import type { Db } from '../db/client.js'

/**
 * One check of the dashboard's "Needs attention": how many things wait, said in a sentence, and
 * the screen where they are fixed. A new check is one function and one line in CHECKS (attention.ts).
 */
export type AttentionCheck = (db: Db) => Promise<AttentionItem>
