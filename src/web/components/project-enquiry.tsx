import type { Project } from '../../shared/types.js'
import { localePath } from '../lib/languages.js'
import type { Translate } from '../lib/page-text.js'
import { CONTACT_FORM_TEXT, ContactForm, type EnquiryActionResult } from './contact-form.js'
import { DeferredForm } from './deferred-form.js'
import { WHATSAPP_TEXT, WhatsappLink } from './whatsapp-link.js'

/** The strings it shows, the form's included (page-text.ts): the contact page's text has them. */
export const PROJECT_ENQUIRY_TEXT = [
  'Enquire about this villa',
  'I would like to know more about {project}.',
  ...WHATSAPP_TEXT,
  ...CONTACT_FORM_TEXT,
]

/**
 * Issue 11: the enquiry form at the end of a project page, in the project's language, its message
 * starting with a line that names the project; the WhatsApp button beside it when configured.
 * Put in just after DOMContentLoaded where scripts run (DeferredForm, decision 124).
 */
export function ProjectEnquiry({
  project,
  t,
  result,
  whatsappNumber,
}: {
  project: Pick<Project, 'slug' | 'title' | 'language'>
  t: Translate
  result: EnquiryActionResult | undefined
  whatsappNumber: string | null
}) {
  return (
    <section className="project-enquiry container" id="enquire" aria-labelledby="project-enquiry-title">
      <div className="contact-card">
        <header className="cluster project-enquiry__header">
          <h2 id="project-enquiry-title" className="project-enquiry__title">
            {t('Enquire about this villa')}
          </h2>
          <WhatsappLink number={whatsappNumber} t={t} projectTitle={project.title} />
        </header>
        <DeferredForm>
          <ContactForm
            t={t}
            result={result}
            lang={project.language}
            projectSlug={project.slug}
            initialMessage={t('I would like to know more about {project}.').replace('{project}', project.title)}
            privacyHref={localePath(project.language, '/privacy-policy')}
          />
        </DeferredForm>
      </div>
    </section>
  )
}
