import { describe, expect, it } from 'vitest'
import type { AuditEntrySummary } from '../../../shared/types.js'
import { auditSentence, changeLines } from './audit-sentence.js'

const languages = [
  { _id: '1', code: 'en', name: 'English' },
  { _id: '2', code: 'sv', name: 'Swedish' },
]
const entry = (fields: Partial<AuditEntrySummary>): AuditEntrySummary => ({
  _id: 'x',
  at: '2026-11-25T10:00:00.000Z',
  actorId: null,
  actorName: 'Ana',
  ip: null,
  action: 'update',
  kind: 'project',
  recordId: 'p',
  recordLabel: 'Villa Mirador',
  language: 'en',
  changes: {},
  ...fields,
})

describe('the audit timeline', () => {
  it('reads like a sentence', () => {
    expect(auditSentence(entry({ action: 'publish', language: 'sv' }), languages)).toBe(
      'Ana published the Swedish translation of “Villa Mirador”',
    )
    expect(auditSentence(entry({ action: 'update' }), languages)).toBe('Ana changed the project “Villa Mirador”')
    expect(auditSentence(entry({ action: 'sign-in-failed', kind: 'session' }), languages)).toBe(
      'A sign-in as “Ana” failed',
    )
    expect(auditSentence(entry({ action: 'erase', kind: 'enquiry', recordLabel: null }), languages)).toBe(
      'Ana erased an enquiry',
    )
    expect(
      auditSentence(
        entry({ action: 'update', kind: 'translation-page', recordLabel: 'home', language: 'sv' }),
        languages,
      ),
    ).toBe('Ana changed the Swedish text of the page “home”')
  })

  it('lists the changed fields with their values', () => {
    expect(
      changeLines(entry({ changes: { title: { from: 'Villa A', to: 'Villa B' }, beds: { from: null, to: 4 } } })),
    ).toEqual(['title: Villa A → Villa B', 'beds: — → 4'])
  })
})
