import { describe, expect, it } from 'vitest'
import { ENQUIRY_LIMITS } from '../../shared/constants.js'
import { siteEnquirySchema } from '../../shared/schemas/enquiry.schema.js'
import { FORM_RULE_MESSAGES } from './enquiry-form-text.js'

/** Every message the site's schema gives for the form's own fields on this input. */
function messagesFor(input: Record<string, unknown>): string[] {
  const parsed = siteEnquirySchema.safeParse(input)
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
}

describe('the enquiry form carries the translations of', () => {
  it('every message its rules give for its fields: empty, too long, malformed, unticked', () => {
    const long = (name: keyof typeof ENQUIRY_LIMITS) => 'x'.repeat(ENQUIRY_LIMITS[name] + 1)
    const given = [
      ...messagesFor({ services: [], consent: false }),
      ...messagesFor({ fname: '', lname: '', email: '', phone: '', message: '', consent: false }),
      ...messagesFor({
        fname: long('fname'),
        lname: long('lname'),
        email: `${long('email')}@example.com`,
        phone: long('phone'),
        message: long('message'),
        consent: true,
      }),
      ...messagesFor({ fname: 'A', lname: 'B', email: 'not-an-address', phone: '1', message: 'm', consent: true }),
    ]
    expect(given.length).toBeGreaterThan(10)
    for (const message of given) expect(FORM_RULE_MESSAGES, message).toContain(message)
  })
})
