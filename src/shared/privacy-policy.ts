// The privacy policy's default English text and the first layer of information shown beside
// every form (AEPD's "información básica"). Each string is a translation key of its page
// (`privacy-policy`, `contact`): the admin changes the wording per language, English included,
// in Translations; the seed and start-up give es and sv their text (decision 052).

export interface PolicySection {
  heading: string
  paragraphs: string[]
}

export const PRIVACY_POLICY_TITLE = 'Privacy policy'

export const PRIVACY_POLICY_INTRO =
  'This policy explains how Costa del Sol Villas handles the personal data you give us through this website, under the EU General Data Protection Regulation (GDPR) and Spain’s Organic Law 3/2018 on data protection (LOPDGDD).'

/** How visits are counted (issue 25, decision 095): part of "What we collect". */
export const VISIT_COUNTING_TEXT =
  'When you visit this website we count page views without cookies and without keeping anything that identifies you: for each day, the page, its language, the project it shows, the website you came from (only its name, such as google.com) and the campaign of the link you followed (utm_source, utm_medium and utm_campaign, or that it was a Google or Facebook ad). We do not store your IP address, your browser’s details or any identifier, we do not count search engines’ robots, and the counts are deleted after 25 months.'

export const PRIVACY_POLICY_SECTIONS: PolicySection[] = [
  {
    heading: 'Who is responsible for your data',
    paragraphs: [
      'Costa del Sol Villas, Marbella (Málaga), Spain. E-mail: info@costadelsolvillas.com. Phone: +34 952 000 000.',
    ],
  },
  {
    heading: 'What we collect',
    paragraphs: [
      'When you send an enquiry: your name, e-mail address and phone number, the services you are interested in, your message, the project you asked about, the language and address of the page you wrote from, and, if you came through an advertisement, the campaign parameters of that link. We record when you gave your consent and to which version of this information.',
      'This website sets no advertising or analytics cookies. The campaign parameters are kept only in your browser’s session storage until you close the tab.',
      VISIT_COUNTING_TEXT,
    ],
  },
  {
    heading: 'Why we use it',
    paragraphs: [
      'To answer your enquiry and, if you wish, to prepare a proposal for your project. We do not use it to send newsletters, and we do not give it to anyone for their own marketing.',
    ],
  },
  {
    heading: 'Legal basis',
    paragraphs: [
      'Your consent, given when you tick the box on the form (Article 6(1)(a) GDPR), and the steps you ask us to take before a possible contract (Article 6(1)(b) GDPR). You can withdraw your consent at any time; this does not affect what was done before.',
    ],
  },
  {
    heading: 'Who receives it',
    paragraphs: [
      'Our team, and the providers who host this website, deliver our e-mail and run the customer-relationship system where we follow up enquiries, acting on our behalf under a data processing agreement. Your data is not transferred outside the European Economic Area without the safeguards the GDPR requires.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      'As long as we need it to answer and follow up your enquiry, and never beyond the retention period we have set; then it is deleted. You can ask us to delete it sooner.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'You can ask for access to your data, its rectification or erasure, the restriction of its processing, its portability, or object to its processing, by writing to info@costadelsolvillas.com.',
      'If you believe we have not handled your data lawfully, you can complain to the Spanish Data Protection Agency (Agencia Española de Protección de Datos, www.aepd.es).',
    ],
  },
]

/** Every key of the privacy policy page, in the order the page shows them. */
export const PRIVACY_POLICY_KEYS = [
  PRIVACY_POLICY_TITLE,
  PRIVACY_POLICY_INTRO,
  ...PRIVACY_POLICY_SECTIONS.flatMap((s) => [s.heading, ...s.paragraphs]),
]

/** The first layer beside every form: [label, text] rows, then the checkbox and the link. */
export const PRIVACY_NOTICE_TITLE = 'Basic information on data protection'
export const PRIVACY_NOTICE_ROWS: [string, string][] = [
  ['Responsible', 'Costa del Sol Villas'],
  ['Purpose', 'To answer your enquiry and follow it up.'],
  ['Legal basis', 'Your consent.'],
  [
    'Recipients',
    'No one else, except providers acting on our behalf (hosting, e-mail, our customer-relationship system).',
  ],
  ['Rights', 'Access, rectification, erasure, objection, restriction and portability, as the privacy policy explains.'],
]
export const PRIVACY_NOTICE_LINK = 'Read the full privacy policy'
export const CONSENT_LABEL =
  'I have read the data protection information and agree that my data is used to answer my enquiry.'

/** Every string of the consent wording (the first layer and the checkbox): what its version covers. */
export const CONSENT_WORDING_KEYS = [
  PRIVACY_NOTICE_TITLE,
  ...PRIVACY_NOTICE_ROWS.flat(),
  PRIVACY_NOTICE_LINK,
  CONSENT_LABEL,
]
