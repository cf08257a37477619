import { CONSENT_REQUIRED, ENQUIRY_LIMITS } from '../../shared/constants.js'

// What the enquiry form says, shared by its markup (contact-form.tsx), its behaviour
// (behaviours/enquiry-form.ts) and the pages' action (enquiry-action.ts). Plain constants: the
// behaviour must not import React's module to read them.

/** SPEC 9: the thanks message shows for 5 seconds. */
export const THANKS_MS = 5000
export const THANKS = 'Thank you! We will contact you shortly.'
export const SEND_FAILED = 'Your message could not be sent. Please try again.'
export const SENDING = 'Sending...'

/**
 * The messages the form's rules (the shared enquiry schema, fields.ts) give for its own fields, in
 * English as the schema says them: the form carries their translations (enquiry-form-text.test.ts
 * checks the list is whole).
 */
export const FORM_RULE_MESSAGES = [
  ...(['fname', 'lname', 'phone', 'message'] as const).flatMap((name) => {
    const label = { fname: 'First name', lname: 'Last name', phone: 'Phone', message: 'Message' }[name]
    return [`${label} is required`, `${label} must be at most ${ENQUIRY_LIMITS[name]} characters`]
  }),
  'E-mail is required',
  'E-mail is too long',
  'E-mail must be a valid e-mail address',
  CONSENT_REQUIRED,
]

/** Every string the form may show after the page has loaded, translated into the page (page-text.ts). */
export const FORM_MESSAGES = [...FORM_RULE_MESSAGES, THANKS, SEND_FAILED, SENDING]
