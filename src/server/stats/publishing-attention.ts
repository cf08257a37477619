import { and, count, eq, isNotNull, isNull } from 'drizzle-orm'
import { projects, publishSchedules, reviews, translationPages } from '../db/schema.js'
import { PROJECT_KIND, REVIEW_KIND, type ContentRow, type RecordKind } from '../services/publishing/record-kinds.js'
import { pageNeedsUpdate } from '../services/publishing/page-sources.js'
import { needsUpdateOf } from '../services/publishing/record-state.js'
import { type AttentionCheck, counted } from './attention-check.js'
import { plural } from '../../shared/plural.js'
import { workbenchPath } from '../../shared/translation-workbench.js'

/** How many out-of-date translations the dashboard links to one by one. */
const LINKED = 3

// The dashboard's publishing checks (issues 22 and 25): drafts waiting, scheduled changes (and
// those that failed), and translations whose original changed since they were last saved.

/** Drafts of projects and reviews not in the trash, and page-text languages with a draft. */
export const draftsWaiting: AttentionCheck = async (db) => {
  const drafted = (table: typeof projects | typeof reviews) =>
    db
      .select({ n: count() })
      .from(table)
      .where(and(isNotNull(table.draft), isNull(table.trashedAt)))
  const [[p], [r], pages] = await Promise.all([
    drafted(projects),
    drafted(reviews),
    db.select({ publishing: translationPages.publishing }).from(translationPages),
  ])
  const pageDrafts = pages.reduce(
    (sum, page) => sum + Object.values(page.publishing).filter((language) => language.draft).length,
    0,
  )
  const n = p!.n + r!.n + pageDrafts
  return {
    kind: 'drafts-waiting',
    count: n,
    label: `${plural(n, 'draft waits', 'drafts wait')} to be published`,
    href: '/admin/projects',
  }
}

/** Schedules in one state, counted. */
const schedulesIn =
  (status: 'pending' | 'failed', kind: string, label: (n: number) => string): AttentionCheck =>
  async (db) => {
    const [row] = await db.select({ n: count() }).from(publishSchedules).where(eq(publishSchedules.status, status))
    const n = row!.n
    return { kind, count: n, label: label(n), href: '/admin/projects' }
  }

export const scheduledChanges = schedulesIn(
  'pending',
  'scheduled',
  (n) => `${plural(n, 'publication is', 'publications are')} scheduled`,
)
export const failedSchedules = schedulesIn('failed', 'schedules-failed', (n) =>
  plural(n, 'scheduled change failed', 'scheduled changes failed'),
)

/** Translations marked needsUpdate: the same rule the edit screens show (a fingerprint, not time). */
function outOfDate(table: typeof projects | typeof reviews, kind: RecordKind, name: string): AttentionCheck {
  return async (db, languages) => {
    const rows = (await db.select().from(table).where(isNull(table.trashedAt))) as ContentRow[]
    const originals = new Map(rows.filter((row) => !row.parentId).map((row) => [row.id, row]))
    const behind = rows.filter(
      (row) =>
        row.parentId && counted(row.language, languages) && needsUpdateOf(kind, row, originals.get(row.parentId)),
    )
    const n = behind.length
    return {
      kind: `${name}-translations-out-of-date`,
      count: n,
      label: `${plural(n, `${name} translation is`, `${name} translations are`)} out of date`,
      href: '/admin/overview',
      links: behind.slice(0, LINKED).map((row) => ({
        label: `${originals.get(row.parentId!)?.title ?? row.title} in ${row.language}`,
        href: workbenchPath(kind.kind, row.id, row.language),
      })),
    }
  }
}

export const projectsOutOfDate = outOfDate(projects, PROJECT_KIND, 'project')
export const reviewsOutOfDate = outOfDate(reviews, REVIEW_KIND, 'review')

/** Page-text languages whose English changed since they were saved: fixed from the overview's 'Needs update'. */
export const pageTextsOutOfDate: AttentionCheck = async (db, languages) => {
  const pages = await db
    .select({
      id: translationPages.id,
      page: translationPages.page,
      translations: translationPages.translations,
      publishing: translationPages.publishing,
    })
    .from(translationPages)
  const behind = pages.flatMap((page) =>
    Object.keys(page.publishing)
      .filter((lang) => counted(lang, languages) && pageNeedsUpdate(page.translations[0] ?? {}, page.publishing, lang))
      .map((lang) => ({ page, lang })),
  )
  const n = behind.length
  return {
    kind: 'page-translations-out-of-date',
    count: n,
    label: `${plural(n, 'page text translation is', 'page text translations are')} out of date`,
    href: '/admin/overview',
    links: behind.slice(0, LINKED).map(({ page, lang }) => ({
      label: `${page.page} in ${lang}`,
      href: workbenchPath('translation-page', page.id, lang),
    })),
  }
}
