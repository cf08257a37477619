import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { Db } from '../db/client.js'
import { appState, translationPages } from '../db/schema.js'
import { languageState, rememberPageText } from '../services/publishing/page-texts.js'
import { type ContentRow, editableOf, PROJECT_KIND, REVIEW_KIND } from '../services/publishing/record-kinds.js'
import { rememberPublished } from './memory-hook.js'

const DONE_KEY = 'memory_from_published'

/**
 * Until the 27th session only an explicit publish fed the translation memory; a translation saved
 * through the spec's screens (published at once) never entered it. At the first start since, every
 * published translation enters it, once (an app_state marker). The memory's upserts make a second
 * run harmless, so a start that stops before the marker does it again. Answers how many
 * translations (records and page-text languages) it read; 0 when it had run before.
 */
export async function fillMemoryFromPublished(db: Db): Promise<number> {
  const [done] = await db.select().from(appState).where(eq(appState.key, DONE_KEY))
  if (done) return 0
  let read = 0
  for (const kind of [PROJECT_KIND, REVIEW_KIND]) {
    const { table } = kind
    const rows = await db
      .select()
      .from(table)
      .where(and(isNotNull(table.parentId), eq(table.publishState, 'published'), isNull(table.trashedAt)))
    for (const row of rows as ContentRow[]) {
      await rememberPublished(db, kind, row, editableOf(kind, row))
      read++
    }
  }
  for (const page of await db.select().from(translationPages)) {
    // A language with no publishing state yet (older pages) is published (languageState).
    for (const [language, target] of Object.entries(page.translations[0] ?? {})) {
      if (language === BASE_LANGUAGE || languageState(page, language)?.state !== 'published') continue
      await rememberPageText(db, page, language, target)
      read++
    }
  }
  await db.insert(appState).values({ key: DONE_KEY, value: 'done' }).onConflictDoNothing()
  return read
}
