import { CAMPAIGN_PARAMS } from '../../shared/constants.js'
import type { siteEnquirySchema } from '../../shared/schemas/enquiry.schema.js'
import { textKey } from '../../shared/translate.js'
import { SEND_FAILED, THANKS, THANKS_MS } from '../lib/enquiry-form-text.js'
import { landingCampaign } from '../lib/landing-campaign.js'
import { listen } from './dom.js'

// The enquiry form's behaviour (contact-form.tsx renders it; decision 123): checked with the shared
// schema, sent to the enquiry API, its answer shown in the page's language. Without it the form
// still posts to the page's action, which answers with the page.

/** SPEC's enquiry call, the one the site's forms have always used: JSON in, `{message}` out. */
const SEND_URL = '/api/admin/send-email'

const TEXT_FIELDS = ['fname', 'lname', 'email', 'phone', 'message'] as const
/** The fields that show a message of their own, in the order a visitor meets them. */
const FIELDS = [...TEXT_FIELDS, 'services', 'consent'] as const
type Field = (typeof FIELDS)[number]
type FieldErrors = Partial<Record<Field, string>>

const isField = (name: unknown): name is Field => (FIELDS as readonly unknown[]).includes(name)

// The shared schema brings zod (25 KB, 70-140 ms of a phone's main thread to evaluate): it loads
// when a visitor first moves into the form, not with the page (docs/performance.md).
let schema: typeof siteEnquirySchema | undefined
let schemaLoading: Promise<void> | undefined
/** Starts loading the schema once. Offline, the form is sent unchecked and the server checks it. */
function loadSchema(): Promise<void> {
  schemaLoading ??= import('../../shared/schemas/enquiry.schema.js').then(
    (loaded) => void (schema = loaded.siteEnquirySchema),
    () => undefined,
  )
  return schemaLoading
}

/** Field errors of the shared enquiry schema, the first message per field (none without it). */
function validate(input: Record<string, unknown>): FieldErrors {
  const parsed = schema?.safeParse(input)
  if (!parsed || parsed.success) return {}
  const errors: FieldErrors = {}
  for (const issue of parsed.error.issues) {
    const name = issue.path[0]
    if (isField(name)) errors[name] ??= issue.message
  }
  return errors
}

/** The enquiry as the API takes it: the form's fields, the services as a list, consent as a boolean. */
function inputOf(form: HTMLFormElement): Record<string, unknown> {
  const data = new FormData(form)
  const input: Record<string, unknown> = {}
  for (const [name, value] of data) if (typeof value === 'string') input[name] = value
  input.services = data.getAll('services')
  input.consent = data.has('consent')
  return input
}

/** The context the server cannot see itself: the page's full address and the landing page's campaign. */
function fillContext(form: HTMLFormElement) {
  const set = (name: string, value: string) => {
    const input = form.elements.namedItem(name)
    if (input instanceof HTMLInputElement) input.value = value
  }
  set('pageUrl', window.location.href)
  const campaign = landingCampaign()
  for (const name of CAMPAIGN_PARAMS) set(name, campaign[name] ?? '')
}

/** The strings the server rendered for the form, in the page's language, under their text keys. */
function readText(form: HTMLFormElement): (source: string) => string {
  let text: Record<string, string> = {}
  try {
    text = JSON.parse(form.querySelector('script.contact-form__text')?.textContent ?? '{}') as Record<string, string>
  } catch {
    // Shown in English then.
  }
  return (source) => text[textKey(source)] ?? source
}

export function attachEnquiryForm(form: HTMLElement): () => void {
  if (!(form instanceof HTMLFormElement)) return () => undefined
  const t = readText(form)
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!
  const sendLabel = submit.textContent ?? ''
  const thanks = form.querySelector<HTMLElement>('.form-message--success')!
  const failure = form.querySelector<HTMLElement>('.form-message--error')!
  let thanksTimer = 0
  let sending = false

  /** The element a field's message describes, and the one that shows it (`has-error`). */
  const partsOf = (name: Field) => {
    const described =
      name === 'services'
        ? form.querySelector<HTMLElement>('.contact-services')
        : (form.elements.namedItem(name) as HTMLElement | RadioNodeList | null)
    const element = described instanceof HTMLElement ? described : null
    return { element, box: element?.closest<HTMLElement>('.contact-field, .contact-services, .contact-consent') }
  }

  const showError = (name: Field, message: string | undefined) => {
    const { element, box } = partsOf(name)
    if (!element || !box) return
    const errorId = `${element.id}-error`
    let shown = box.querySelector<HTMLElement>('.contact-field__error')
    box.classList.toggle('has-error', Boolean(message))
    if (!message) {
      shown?.remove()
      element.removeAttribute('aria-invalid')
      element.removeAttribute('aria-describedby')
      return
    }
    if (!shown) {
      shown = document.createElement('p')
      shown.className = 'contact-field__error'
      shown.id = errorId
      box.append(shown)
    }
    shown.textContent = t(message)
    if (name !== 'services') element.setAttribute('aria-invalid', 'true')
    element.setAttribute('aria-describedby', errorId)
  }
  const hasError = (name: Field) => partsOf(name).box?.classList.contains('has-error') === true

  const showMessage = (element: HTMLElement, text: string) => {
    element.textContent = text
    element.classList.toggle('is-visible', text !== '')
  }
  const showThanks = () => {
    window.clearTimeout(thanksTimer)
    showMessage(thanks, t(THANKS))
    thanksTimer = window.setTimeout(() => showMessage(thanks, ''), THANKS_MS)
  }
  const setSending = (on: boolean) => {
    sending = on
    submit.disabled = on
    if (on) submit.setAttribute('aria-disabled', 'true')
    else submit.removeAttribute('aria-disabled')
    submit.textContent = on ? (submit.dataset.sendingLabel ?? sendLabel) : sendLabel
  }

  /** After a send: the fields as they started (the message naming the project), nothing ticked. */
  const clear = () => {
    for (const name of TEXT_FIELDS) {
      const field = form.elements.namedItem(name)
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)
        field.value = name === 'message' ? (form.dataset.initialMessage ?? '') : ''
    }
    for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) box.checked = false
    for (const name of FIELDS) showError(name, undefined)
  }

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (sending) return
    // Sent before the rules arrived: checked once they are here (or known to be unavailable).
    await loadSchema()
    fillContext(form)
    const input = inputOf(form)
    const errors = validate(input)
    for (const name of FIELDS) showError(name, errors[name])
    const first = FIELDS.find((name) => errors[name])
    if (first) {
      const target =
        first === 'services' ? form.querySelector<HTMLElement>('input[name="services"]') : partsOf(first).element
      target?.focus()
      return
    }
    showMessage(failure, '')
    showMessage(thanks, '')
    setSending(true)
    const answer = await fetch(SEND_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    }).then(
      async (response) => ({ ok: response.ok, body: (await response.json().catch(() => null)) as unknown }),
      () => ({ ok: false, body: null }),
    )
    setSending(false)
    if (answer.ok) {
      clear()
      showThanks()
      return
    }
    // What was typed stays; a field the server refused says why.
    const { message, field } = (answer.body ?? {}) as { message?: unknown; field?: unknown }
    if (isField(field) && typeof message === 'string') showError(field, message)
    showMessage(failure, t(SEND_FAILED))
  }

  // A shown message goes as soon as its field is right.
  const onChange = (event: Event) => {
    const name = (event.target as HTMLInputElement).name
    if (!isField(name) || !hasError(name) || !schema) return
    showError(name, validate(inputOf(form))[name])
  }
  const onFocus = () => void loadSchema()

  // The browser's own checks until now; from here the schema's messages, beside the fields.
  form.noValidate = true
  // A thanks the server rendered (the form was posted without JavaScript) goes after 5 s too.
  if (thanks.classList.contains('is-visible')) showThanks()
  const unlisten = listen(form, { submit: onSubmit, input: onChange, change: onChange, focusin: onFocus })
  return () => {
    window.clearTimeout(thanksTimer)
    unlisten()
  }
}
