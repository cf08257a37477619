/**
 * The Reply-To of a mail sent from the back office (decision 153): the MAIL_FROM address with
 * `+token`, so the visitor's answer comes back to the mailbox IMAP_URL watches and names its
 * enquiry even when their mail program drops the thread headers.
 */

/** The address inside "Name <local@domain>" (or the whole text when it is a bare address). */
export function addressOf(mailbox: string): string {
  const inBrackets = /<([^<>\s]+@[^<>\s]+)>/.exec(mailbox)
  return (inBrackets?.[1] ?? mailbox).trim()
}

/** `local+token@domain` for MAIL_FROM's `local@domain`. */
export function replyAddress(mailFrom: string, token: string): string {
  const address = addressOf(mailFrom)
  const at = address.lastIndexOf('@')
  return `${address.slice(0, at)}+${token}${address.slice(at)}`
}

/** The token of a `local+token@domain` address of MAIL_FROM's mailbox, or null. */
export function tokenOfAddress(mailFrom: string, recipient: string): string | null {
  const own = addressOf(mailFrom).toLowerCase()
  const at = own.lastIndexOf('@')
  const [local, domain] = [own.slice(0, at), own.slice(at + 1)]
  const match = /^([^@+]+)\+([a-z0-9]{8,64})@(.+)$/i.exec(recipient.trim().toLowerCase())
  if (!match || match[1] !== local || match[3] !== domain) return null
  return match[2]!
}

/** A Message-ID of this site: `<kind-uuid@host of PUBLIC_URL>`. */
export const siteMessageId = (publicUrl: string, kind: string, id: string) =>
  `<${kind}-${id}@${new URL(publicUrl).hostname || 'localhost'}>`
