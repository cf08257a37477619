import { and, count, eq, gt, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm'
import { CLOSED_STAGES } from '../../shared/schemas/enquiry-workspace.schema.js'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import { missingKeys, textsOf } from '../../shared/page-texts.js'
import type { AttentionItem } from '../../shared/stats.js'
import type { Db } from '../db/client.js'
import { plural } from '../../shared/plural.js'
import { type AttentionCheck, counted } from './attention-check.js'
import {
  draftsWaiting,
  failedSchedules,
  pageTextsOutOfDate,
  projectsOutOfDate,
  reviewsOutOfDate,
  scheduledChanges,
} from './publishing-attention.js'
import { followUpsDue, mailboxDown } from './enquiry-attention.js'
import { finishedTranslationJobs } from './translation-job-attention.js'
import { deliveries, enquiries, languages, projects, reviews, translationPages } from '../db/schema.js'

/** Deliveries still pending: those tried and failed (retried later), or those not tried yet. */
async function pendingDeliveries(db: Parameters<AttentionCheck>[0], tried: boolean): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deliveries)
    .where(and(eq(deliveries.status, 'pending'), tried ? gt(deliveries.attempts, 0) : eq(deliveries.attempts, 0)))
  return row!.n
}

const failedDeliveries: AttentionCheck = async (db) => {
  const n = await pendingDeliveries(db, true)
  return {
    kind: 'deliveries-failed',
    count: n,
    label: `${plural(n, 'enquiry delivery failed', 'enquiry deliveries failed')} and will be retried`,
    href: '/admin/enquiries?status=pending',
  }
}

const waitingDeliveries: AttentionCheck = async (db) => {
  const n = await pendingDeliveries(db, false)
  return {
    kind: 'deliveries-waiting',
    count: n,
    label: `${plural(n, 'enquiry delivery waits', 'enquiry deliveries wait')} to be sent`,
    href: '/admin/enquiries?status=pending',
  }
}

const unhandledEnquiries: AttentionCheck = async (db) => {
  // awaitsHandling (shared/schemas/enquiry-workspace.schema.ts): a won or lost enquiry is dealt with.
  const [row] = await db
    .select({ n: count() })
    .from(enquiries)
    .where(and(isNull(enquiries.handledAt), notInArray(enquiries.stage, [...CLOSED_STAGES])))
  const n = row!.n
  return {
    kind: 'enquiries-not-handled',
    count: n,
    label: `${plural(n, 'enquiry is', 'enquiries are')} not handled yet`,
    href: '/admin/enquiries',
  }
}

/** Originals × languages without a member in that language (the overview's 'missing' cells). */
function missingTranslations(table: typeof projects | typeof reviews, kind: 'project' | 'review'): AttentionCheck {
  return async (db, only) => {
    const [row] = await db
      .select({ n: count() })
      .from(table)
      .crossJoin(languages)
      .where(
        and(
          isNull(table.parentId),
          isNull(table.trashedAt),
          only ? inArray(languages.code, [...only]) : undefined,
          sql`not exists (select 1 from ${table} m where m.group_id = ${table.groupId} and m.language = ${languages.code})`,
        ),
      )
    const n = row!.n
    return {
      kind: `${kind}-translations-missing`,
      count: n,
      label: `${plural(n, `${kind} translation is`, `${kind} translations are`)} missing`,
      href: '/admin/overview',
    }
  }
}

const projectsMissing = missingTranslations(projects, 'project')
const reviewsMissing = missingTranslations(reviews, 'review')

/** Texts of the translation pages a language lacks (the overview's 'N missing' cells, summed). */
const missingPageTexts: AttentionCheck = async (db, only) => {
  const [pages, codes] = await Promise.all([
    db.select({ translations: translationPages.translations }).from(translationPages),
    db.select({ code: languages.code }).from(languages).where(ne(languages.code, BASE_LANGUAGE)),
  ])
  let n = 0
  for (const page of pages) {
    const texts = textsOf(page.translations)
    for (const { code } of codes) if (counted(code, only)) n += missingKeys(texts, code).length
  }
  return {
    kind: 'page-texts-missing',
    count: n,
    label: `${plural(n, 'page text is', 'page texts are')} not translated`,
    href: '/admin/overview',
  }
}

/** In the order the dashboard lists them: what loses leads first. */
const CHECKS: AttentionCheck[] = [
  failedDeliveries,
  mailboxDown,
  waitingDeliveries,
  followUpsDue,
  unhandledEnquiries,
  failedSchedules,
  projectsOutOfDate,
  reviewsOutOfDate,
  pageTextsOutOfDate,
  draftsWaiting,
  scheduledChanges,
  projectsMissing,
  reviewsMissing,
  missingPageTexts,
]

/** A translator's share of them: their languages' translations, missing and out of date. */
const TRANSLATION_CHECKS = new Set<AttentionCheck>([
  projectsOutOfDate,
  reviewsOutOfDate,
  pageTextsOutOfDate,
  projectsMissing,
  reviewsMissing,
  missingPageTexts,
])

/**
 * GET /api/admin/attention: the checks that found something, then the news (finished jobs). With
 * `languages` (a translator's), only the translation checks, and only in those languages.
 */
export async function attentionItems(db: Db, languages?: readonly string[]): Promise<AttentionItem[]> {
  if (languages?.length === 0) return []
  const checks = languages ? CHECKS.filter((check) => TRANSLATION_CHECKS.has(check)) : CHECKS
  const [items, jobs] = await Promise.all([
    Promise.all(checks.map((check) => check(db, languages))),
    finishedTranslationJobs(db, languages),
  ])
  return [...items.filter((item) => item.count > 0), ...jobs]
}
