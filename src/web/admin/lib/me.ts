import { useRouteLoaderData } from 'react-router'
import type { AccountSummary } from '../../../shared/types.js'
import { api } from './api.js'
import { getToken } from './auth.js'

// Who is signed in and what they may do (GET /get-account), read once by the admin layout's
// loader. The back office shows only what the server would allow (decision 088); the server
// checks every call regardless.

export const LAYOUT_ROUTE_ID = 'admin/routes/admin-layout'

export type Me = AccountSummary

// The last read of the account, for the sign-in (token) it was made with.
let lastRead: { token: string | null; me: Promise<Me | null> } | undefined

/**
 * The signed-in account (null when the server would not say). The layout's loader reads it afresh
 * (`fresh`); a screen's loader that asks only what the person may takes the layout's read of this
 * sign-in, or starts one when it runs first (a navigation's loaders run in parallel).
 */
export function readMe(fresh = false): Promise<Me | null> {
  const token = getToken()
  if (fresh || lastRead?.token !== token) lastRead = { token, me: api<Me>('/get-account').catch(() => null) }
  return lastRead.me
}

/** The signed-in person, or null before the layout has read the account. */
export function useMe(): Me | null {
  return (useRouteLoaderData(LAYOUT_ROUTE_ID) as { me: Me | null } | undefined)?.me ?? null
}

/** Content a person may edit: owners and editors everything, translators translations in their languages. */
export function mayEdit(me: Me | null, record: { language: string; original: boolean }): boolean {
  if (!me) return false
  if (me.role !== 'translator') return true
  return !record.original && me.languages.includes(record.language)
}

/**
 * Whether a person may publish in a language (publish, schedule, unpublish, and the spec's save
 * buttons, which publish at once). Without a language: whether they may publish in any of theirs
 * (a new translation's language is chosen on the form, from their languages only).
 */
export function mayPublish(me: Me | null, language?: string): boolean {
  const languages = me?.permissions.publishLanguages
  if (!me) return false
  if (languages === null || languages === undefined) return true
  return language === undefined ? languages.length > 0 : languages.includes(language)
}

/** The languages a person may write new translations in (null: every language). */
export const translationLanguages = (me: Me | null): string[] | null =>
  me && me.role === 'translator' ? me.languages : null

// Admin screens that only some roles may open, by path; a link to one shows only to them.
const SCREEN_RULES: [RegExp, (me: Me) => boolean][] = [
  [/^\/admin\/add-(project|review)$/, (me) => me.permissions.createOriginal],
  [/^\/admin\/(add-language|update-language\/)/, (me) => me.permissions.languages],
  [/^\/admin\/(enquiries|enquiry\/)/, (me) => me.permissions.enquiries],
  [/^\/admin\/users/, (me) => me.permissions.accounts],
  [/^\/admin\/audit-log/, (me) => me.permissions.auditLog],
  [/^\/admin\/trash/, (me) => me.permissions.delete],
  [/^\/admin\/settings/, (me) => me.permissions.settings],
  [/^\/admin\/redirects/, (me) => me.permissions.redirects],
  [/^\/admin\/seo-check/, (me) => me.permissions.seoReport],
  // The glossary is owner and editor work (issue 40), as creating originals is.
  [/^\/admin\/glossary/, (me) => me.permissions.createOriginal],
]

/** Whether a link to this admin path should show (false while the account is unknown). */
export function mayOpen(me: Me | null, to: string): boolean {
  const rule = SCREEN_RULES.find(([pattern]) => pattern.test(to))
  if (!rule) return true
  return me ? rule[1](me) : false
}
