/**
 * Incoming mail as plain text the back office shows as text (decision 153): markup is taken
 * apart here and never rendered, scripts and styles go with their content, and what is left is
 * cut to sizes a page and the database take.
 */

export const MAIL_TEXT_MAX = 100_000
export const MAIL_SUBJECT_MAX = 300

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

/** The words of an HTML body: no tags, no scripts or styles, line breaks where blocks end. */
export function htmlToPlainText(html: string): string {
  const text = html
    .slice(0, MAIL_TEXT_MAX * 4)
    .replace(/<(script|style|head|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6]|blockquote)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
  return decodeEntities(text)
}

/** Text fit to store: NUL and control bytes out, LF line breaks, at most `max` characters. */
export function storableText(text: string, max = MAIL_TEXT_MAX): string {
  const clean = text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return clean.length > max ? `${clean.slice(0, max)}\n[…cut]` : clean
}

/** A subject on one line, cut at a whole character. */
export function storableSubject(subject: string | undefined): string {
  const line = (subject ?? '')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(CONTROL, '')
    .trim()
  return [...line].slice(0, MAIL_SUBJECT_MAX).join('')
}

/** A file name to show: no paths, no control bytes, at most 200 characters. */
export function storableFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(CONTROL, '').trim()
  return [...(base || 'attachment')].slice(0, 200).join('')
}
