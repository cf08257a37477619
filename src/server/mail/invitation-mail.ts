import { COMPANY_NAME } from '../../shared/constants.js'
import { ROLE_LABELS } from '../../shared/schemas/team.schema.js'
import { smtpSender } from './mail-sender.js'
import type { DeliverySender, InvitationRow } from '../delivery/outbox.js'
import type { SecretBox } from '../services/secret-box.js'

export const INVITATION_PATH = '/admin/accept-invitation'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The invitee's link: the token travels in the mail only; the database keeps its hash. */
export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}${INVITATION_PATH}?token=${encodeURIComponent(token)}`

export function invitationMail(invitation: InvitationRow, link: string, from: string) {
  const role = ROLE_LABELS[invitation.role]
  const languages = invitation.languages.length > 0 ? ` (${invitation.languages.join(', ')})` : ''
  const expires = invitation.expiresAt.toUTCString()
  const text = [
    `${invitation.invitedByName} invited you to the ${COMPANY_NAME} back office as ${role}${languages}.`,
    `Your user name: ${invitation.username}`,
    '',
    `Set your password here (the link works once, until ${expires}):`,
    link,
    '',
    'If you did not expect this, ignore this mail.',
  ].join('\n')
  const html = `<p>${escapeHtml(invitation.invitedByName)} invited you to the ${escapeHtml(COMPANY_NAME)} back office as ${role}${escapeHtml(languages)}.</p>
<p>Your user name: <strong>${escapeHtml(invitation.username)}</strong></p>
<p><a href="${escapeHtml(link)}">Set your password</a> (the link works once, until ${escapeHtml(expires)}).</p>
<p>If you did not expect this, ignore this mail.</p>`
  return { from, to: invitation.email, subject: `Your invitation to the ${COMPANY_NAME} back office`, text, html }
}

/** The 'invitation' channel: the link to the invitee through SMTP_URL, retried like enquiries. */
export function createInvitationSender(options: {
  smtpUrl?: string
  from: string
  publicUrl: string
  secrets: SecretBox
}): DeliverySender<InvitationRow> {
  return smtpSender(options.smtpUrl, 'invitations', (invitation) => {
    const link = invitationLink(options.publicUrl, options.secrets.open(invitation.sealedToken!))
    return invitationMail(invitation, link, options.from)
  })
}
