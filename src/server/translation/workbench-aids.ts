import type { Executor } from '../db/client.js'
import { glossaryOf } from './glossary.js'
import { lookupMemory } from './memory.js'
import { sentencesOf } from './segments.js'
import type { TranslationAids } from './workbench-segments.js'

/** The translation core's splitting, memory and glossary, as the workbench asks them. */
export const translationAids = (db: Executor): TranslationAids => ({
  segment: sentencesOf,
  memory: (pair, sentences) => lookupMemory(db, pair, sentences),
  glossary: (pair) => glossaryOf(db, pair),
})
