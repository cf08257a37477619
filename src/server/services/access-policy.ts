import { HttpError } from '../errors.js'
import type { AdminRole } from '../db/schema.js'

/**
 * Who may do what (issue 23, decision 088): one function per action, given the person's role and
 * languages and, for content, the target's kind, language and whether it is an original. Every
 * admin route asks here before it changes or shows anything; a refusal is a 403 whose message
 * says what the role allows. Routes added later (publishing, the trash) call the same functions.
 */
export interface Person {
  role: AdminRole
  /** A translator's language codes. */
  languages: readonly string[]
  /** A translator may publish their languages. */
  canPublish: boolean
}

export type ContentKind = 'project' | 'review' | 'translation-page'

export interface ContentTarget {
  kind: ContentKind
  /** The record's language; for a page text, the language being changed. */
  language: string
  /** An original (the base-language record, or a page itself) rather than a translation. */
  original: boolean
}

/** null: allowed. A string: why not, in the person's words. */
export type Verdict = string | null

const isStaff = (p: Person) => p.role === 'owner' || p.role === 'editor'
const inTheirLanguages = (p: Person, t: ContentTarget) => !t.original && p.languages.includes(t.language)

/** What a role allows, said when something outside it is asked for. */
export function roleAllows(p: Person): string {
  if (p.role === 'owner') return 'Owners may do everything.'
  if (p.role === 'editor')
    return 'Editors may change all content in every language, publish, use the trash and handle enquiries; accounts, site settings and the audit log are for owners.'
  const languages = p.languages.length > 0 ? p.languages.join(', ') : 'no languages yet'
  const publish = p.canPublish
    ? ', save drafts, preview and publish them'
    : ', save drafts and preview them (an editor publishes)'
  return `Translators may create and edit translations in their languages (${languages})${publish}; originals, other languages, deletion, enquiries, accounts and settings are for editors and owners.`
}

const refuse = (p: Person, allowed: boolean): Verdict => (allowed ? null : roleAllows(p))

/** One function per action. Content actions take the record they act on. */
export const policy = {
  /** Admin reads of content (lists, details, translations): everyone signed in, to translate from. */
  readContent: (p: Person): Verdict => refuse(p, true),
  /** A new original (project, review, page). */
  createOriginal: (p: Person): Verdict => refuse(p, isStaff(p)),
  /** Create or edit a record in its language (a translation, or an original when t.original). */
  edit: (p: Person, t: ContentTarget): Verdict => refuse(p, isStaff(p) || inTheirLanguages(p, t)),
  /** Drafts and previews (issue 22) follow editing. */
  saveDraft: (p: Person, t: ContentTarget): Verdict => refuse(p, isStaff(p) || inTheirLanguages(p, t)),
  preview: (p: Person, t: ContentTarget): Verdict => refuse(p, isStaff(p) || inTheirLanguages(p, t)),
  /** Publish, unpublish and schedule: staff, or a translator with the switch on, in their languages. */
  publish: (p: Person, t: ContentTarget): Verdict =>
    refuse(p, isStaff(p) || (p.role === 'translator' && p.canPublish && inTheirLanguages(p, t))),
  /**
   * A write on the spec's calls: with saveAs=draft it saves a draft, otherwise it publishes at
   * once (issue 22), so a translator without the publish switch may only save drafts.
   */
  write: (p: Person, t: ContentTarget, options: { saveAs?: 'draft' | 'publish' }): Verdict =>
    options.saveAs === 'draft' ? policy.saveDraft(p, t) : policy.publish(p, t),
  /** Delete (today) and the trash (issue 22). */
  delete: (p: Person): Verdict => refuse(p, isStaff(p)),
  trash: (p: Person): Verdict => refuse(p, isStaff(p)),
  restore: (p: Person): Verdict => refuse(p, isStaff(p)),
  purge: (p: Person): Verdict => refuse(p, isStaff(p)),
  /** A record's versions: whoever may edit it. */
  viewHistory: (p: Person, t: ContentTarget): Verdict => refuse(p, isStaff(p) || inTheirLanguages(p, t)),
  /** Images are stored before the record that uses them; the record's own check guards the use. */
  uploadImage: (p: Person): Verdict => refuse(p, true),
  enquiries: (p: Person): Verdict => refuse(p, isStaff(p)),
  /** The board's stages (issue 42): the owner's setting, like the site's. */
  enquiryStages: (p: Person): Verdict => refuse(p, p.role === 'owner'),
  /** Visits and enquiries on the dashboard (issue 25). */
  stats: (p: Person): Verdict => refuse(p, isStaff(p)),
  /** What needs attention: everyone; a translator is told of their languages' translations only. */
  attention: (p: Person): Verdict => refuse(p, true),
  /** The site's languages are a site setting. */
  languages: (p: Person): Verdict => refuse(p, p.role === 'owner'),
  settings: (p: Person): Verdict => refuse(p, p.role === 'owner'),
  /** Old addresses and where they lead (issue 24). */
  redirects: (p: Person): Verdict => refuse(p, isStaff(p)),
  /** A language pair's glossary (issue 40, item 4): owners and editors. */
  glossary: (p: Person): Verdict => refuse(p, isStaff(p)),
  /** The SEO check (issue 24, item 8): staff, who can fix what it finds. */
  seoReport: (p: Person): Verdict => refuse(p, isStaff(p)),
  accounts: (p: Person): Verdict => refuse(p, p.role === 'owner'),
  auditLog: (p: Person): Verdict => refuse(p, p.role === 'owner'),
} as const

export type Action = keyof typeof policy

/** Throws the 403 when the verdict is a refusal. */
export function enforce(verdict: Verdict): void {
  if (verdict) throw new HttpError(403, verdict)
}

/** What the back office may show this person: the same functions, asked ahead. */
export function permissionsOf(p: Person) {
  return {
    createOriginal: !policy.createOriginal(p),
    delete: !policy.delete(p),
    enquiries: !policy.enquiries(p),
    stats: !policy.stats(p),
    languages: !policy.languages(p),
    settings: !policy.settings(p),
    redirects: !policy.redirects(p),
    seoReport: !policy.seoReport(p),
    accounts: !policy.accounts(p),
    auditLog: !policy.auditLog(p),
    publishLanguages: p.role === 'translator' ? (p.canPublish ? [...p.languages] : []) : null,
  }
}
