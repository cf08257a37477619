import { describe, expect, it } from 'vitest'
import type { Enquiry } from '../../shared/types.js'
import { enquiriesToCsv } from './enquiry-csv.js'

const enquiry = (overrides: Partial<Enquiry>): Enquiry => ({
  _id: 'x',
  fname: 'Ana',
  lname: 'García',
  email: 'ana@example.com',
  phone: '+34 600',
  services: 'Renovation',
  message: 'Hello',
  subject: 's',
  createdAt: '2026-01-01T00:00:00.000Z',
  deliveryStatus: 'sent',
  deliveryAttempts: 1,
  lastError: null,
  deliveredAt: null,
  handledAt: null,
  stage: 'new',
  ownerId: null,
  ownerName: null,
  value: null,
  followUpAt: null,
  contactId: 'x',
  project: null,
  language: null,
  pageUrl: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  gclid: null,
  fbclid: null,
  consentAt: null,
  consentVersion: null,
  deliveries: [],
  ...overrides,
})

/** The cells a spreadsheet sees when it splits each line on `separator` and ignores quoting. */
const naiveCells = (csv: string, separator: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n/)
    .flatMap((line) => line.split(separator))

describe('enquiriesToCsv', () => {
  it('quotes every cell, and doubles quotes inside', () => {
    const csv = enquiriesToCsv([enquiry({ message: 'Hi, "there"\nbye' })])
    expect(csv).toContain('"Hi, ""there""\nbye"')
    expect(csv.startsWith('\uFEFF"Received","First name"')).toBe(true)
    expect(csv).toContain('"Ana","García"')
  })

  it('defuses a formula at the start of a cell', () => {
    const csv = enquiriesToCsv([enquiry({ fname: '=HYPERLINK("http://x")', phone: '+34 600', lname: '@SUM(A1)' })])
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`)
    expect(csv).toContain(`"'+34 600"`)
    expect(csv).toContain(`"'@SUM(A1)"`)
  })

  it('defuses a formula after a comma or a semicolon inside a cell, for any separator setting', () => {
    const payloads = ['x;=1+1;', 'a,-2+3', 'b; "=cmd|calc"', 'c;\t=1', 'd\n@x', 'e;+1']
    const csv = enquiriesToCsv(payloads.map((message) => enquiry({ message })))
    for (const separator of [',', ';']) {
      const live = naiveCells(csv, separator).filter((cell) => /^[\s"]*[=+\-@\t\r]/.test(cell))
      expect(live, `split on ${separator}`).toEqual([])
    }
    expect(csv).toContain(`"x;'=1+1;"`)
  })

  it('leaves ordinary text alone', () => {
    const csv = enquiriesToCsv([enquiry({ message: 'Villa 3-4 bedrooms; pool, gym' })])
    expect(csv).toContain('"Villa 3-4 bedrooms; pool, gym"')
  })
})
