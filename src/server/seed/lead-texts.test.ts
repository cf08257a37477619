import { describe, expect, it } from 'vitest'
import { PRIVACY_POLICY_KEYS } from '../../shared/privacy-policy.js'
import { demoPageText } from './demo-content.js'
import { defaultPrivacyPolicyText, leadFormRows, privacyPolicyRows } from './lead-texts.js'

describe('the leads texts', () => {
  it('translate every key of the privacy policy into es and sv, and nothing else', () => {
    expect(privacyPolicyRows.map(([en]) => en)).toEqual(PRIVACY_POLICY_KEYS)
    for (const [en, es, sv] of privacyPolicyRows) {
      expect(es, en).not.toBe('')
      expect(sv, en).not.toBe('')
    }
  })

  it('seed the form strings with the contact page, in es and sv', () => {
    for (const [en, es, sv] of leadFormRows) {
      expect(demoPageText.contact.es[en]).toBe(es)
      expect(demoPageText.contact.sv[en]).toBe(sv)
    }
  })

  it('give the privacy page every English key to reword, and only the languages the site has', () => {
    const [text] = defaultPrivacyPolicyText(['en', 'es'])
    expect(Object.keys(text!).sort()).toEqual(['en', 'es'])
    expect(Object.keys(text!.en!)).toEqual(PRIVACY_POLICY_KEYS)
    expect(text!.es!['Your rights']).toBe('Sus derechos')
  })
})
