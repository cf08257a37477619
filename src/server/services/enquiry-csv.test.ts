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
  ...overrides,
})

describe('enquiriesToCsv', () => {
  it('quotes commas, quotes and line breaks', () => {
    const csv = enquiriesToCsv([enquiry({ message: 'Hi, "there"\nbye' })])
    expect(csv).toContain('"Hi, ""there""\nbye"')
    expect(csv.startsWith('\uFEFFReceived,First name')).toBe(true)
  })
  it('defuses formulas', () => {
    const csv = enquiriesToCsv([enquiry({ fname: '=HYPERLINK("http://x")', phone: '+34 600' })])
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`)
    expect(csv).toContain(`'+34 600`)
  })
})
