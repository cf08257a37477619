import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { AuditEntrySummary, Language } from '../../../shared/types.js'
import { languageName } from '../lib/language-names.js'

// One audit entry as a sentence of the timeline: "Ana published the Swedish translation of Villa Mirador".

const VERBS: Record<string, string> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  'save-draft': 'saved a draft of',
  publish: 'published',
  unpublish: 'unpublished',
  schedule: 'scheduled',
  trash: 'moved to the trash',
  restore: 'restored',
  purge: 'deleted for good',
  'restore-version': 'restored an earlier version of',
  invite: 'invited',
  accept: 'accepted the invitation as',
  revoke: 'withdrew the invitation of',
  deactivate: 'deactivated',
  reactivate: 'reactivated',
  'mark-handled': 'marked as handled',
  'mark-unhandled': 'marked as not handled',
  erase: 'erased',
  'export-csv': 'exported as CSV',
}

const NOUNS: Record<string, string> = {
  project: 'the project',
  review: 'the review',
  'translation-page': 'the page',
  language: 'the language',
  enquiry: 'the enquiry from',
  user: 'the account of',
  invitation: '',
}

function objectOf(entry: AuditEntrySummary, languages: Language[]): string {
  const label = entry.recordLabel ? `“${entry.recordLabel}”` : ''
  if (entry.kind === 'settings') return 'the site settings'
  if (entry.kind === 'enquiry' && entry.action === 'export-csv') return entry.recordLabel ?? 'enquiries'
  if (entry.kind === 'enquiry' && !entry.recordLabel) return 'an enquiry'
  const isContent = ['project', 'review', 'translation-page'].includes(entry.kind)
  if (isContent && entry.language && entry.language !== BASE_LANGUAGE) {
    const language = languageName(languages, entry.language)
    return entry.kind === 'translation-page'
      ? `the ${language} text of the page ${label}`
      : `the ${language} translation of ${label || `a ${entry.kind}`}`
  }
  return [NOUNS[entry.kind] ?? entry.kind, label].filter(Boolean).join(' ')
}

export function auditSentence(entry: AuditEntrySummary, languages: Language[]): string {
  const who = entry.actorName
  if (entry.kind === 'session') {
    if (entry.action === 'sign-in') return `${who} signed in`
    if (entry.action === 'sign-out') return `${who} signed out`
    if (entry.action === 'sign-in-failed') return `A sign-in as “${who}” failed`
  }
  if (entry.kind === 'invitation' && entry.action === 'accept') return `${who} accepted their invitation`
  const verb = VERBS[entry.action] ?? entry.action
  return `${who} ${verb} ${objectOf(entry, languages)}`.trim()
}

const short = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  if (text === undefined || text === 'null' || text === '') return '—'
  return text.length > 80 ? `${text.slice(0, 79)}…` : text
}

/** "title: Villa A → Villa B" per changed field. */
export const changeLines = (entry: AuditEntrySummary) =>
  Object.entries(entry.changes).map(([field, change]) => `${field}: ${short(change.from)} → ${short(change.to)}`)
