import type { Translate } from '../lib/page-text.js'

/** The strings the link shows and sends (page-text.ts). */
export const WHATSAPP_TEXT = [
  'Chat on WhatsApp',
  'Hello, I would like to know more about your villas.',
  'Hello, I would like to know more about {project}.',
]

/** `https://wa.me/<digits>?text=…`: WhatsApp's own link, which opens the app or WhatsApp Web. */
export function whatsappHref(number: string, message: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`
}

/** The opening message in the page's language, naming the project when there is one. */
export function whatsappMessage(t: Translate, projectTitle?: string | null): string {
  return projectTitle
    ? t('Hello, I would like to know more about {project}.').replace('{project}', projectTitle)
    : t('Hello, I would like to know more about your villas.')
}

/** Issue 11: shown only when WHATSAPP_NUMBER is set. */
export function WhatsappLink({
  number,
  t,
  projectTitle,
  onDark = false,
}: {
  number: string | null
  t: Translate
  projectTitle?: string | null
  /** On a dark band (the contact banner): the light button. */
  onDark?: boolean
}) {
  if (!number) return null
  return (
    <a
      className={`button whatsapp-link${onDark ? ' button--light' : ''}`}
      href={whatsappHref(number, whatsappMessage(t, projectTitle))}
      target="_blank"
      rel="noopener noreferrer"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="whatsapp-link__icon">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2c-1.5 0-3-.4-4.3-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2c0 1.3.9 2.5 1 2.7.1.2 1.8 2.8 4.4 3.9 1.6.7 2.3.8 3.1.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3z"
        />
      </svg>
      <span>{t('Chat on WhatsApp')}</span>
    </a>
  )
}
