import { attachEnquiryForm } from './enquiry-form.js'

/**
 * A project page's enquiry form arrives inside `<noscript>` (decision 124): where scripts run, the
 * page has no form while it loads, so the browser does not read one for autofill at
 * DOMContentLoaded (a long task of 55-236 ms at 4x CPU, every load, docs/performance.md). This puts
 * the form in as its part nears the viewport, in place of the link to the contact page shown
 * meanwhile, and starts the form's own behaviour.
 */
export function attachProjectEnquiry(section: HTMLElement): () => void {
  const source = section.querySelector('noscript')
  // Where scripts run, a <noscript>'s content is its markup as text. A template parses it inert.
  const template = document.createElement('template')
  template.innerHTML = source?.textContent ?? ''
  const form = template.content.querySelector('form')
  if (!source || !form) return () => undefined
  source.replaceWith(template.content)
  section.querySelector('.project-enquiry__fallback')?.remove()
  const detach = attachEnquiryForm(form)
  // As the registry marks a part it attached. Not attached through the registry: importing it
  // here made it a chunk the static entry waits for.
  form.dataset.behaviourReady = 'true'
  return detach
}
