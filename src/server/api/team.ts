import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  acceptInvitationSchema,
  inviteSchema,
  signInRulesSchema,
  updateUserSchema,
} from '../../shared/schemas/team.schema.js'
import { actingAs, clientOf } from '../plugins/auth.js'
import { policy } from '../services/access-policy.js'
import {
  acceptInvitation,
  describeInvitation,
  firstTry,
  invite,
  listInvitations,
  revokeInvitation,
} from '../services/invitations.js'
import { getSignInRules, updateSignInRules } from '../services/sign-in-rules.js'
import { getUser, listUsers, updateUser } from '../services/team.js'
import { parseInput } from '../validation.js'
import { jsonBody } from './json-body.js'
import { idParam } from './params.js'

/** Accounts, invitations and sign-in rules (issue 23): owners only, but for accepting an invitation. */
export async function teamRoutes(app: FastifyInstance, options: { acceptPerIpPerMinute?: number } = {}) {
  const { ctx } = app
  const owner = app.allow(policy.accounts)
  const invitationDeps = { secrets: app.auth.secrets, outbox: app.outbox }

  app.get('/users', owner, async () => listUsers(ctx.db))
  app.get('/users/:id', owner, async (request) => getUser(ctx.db, idParam(request, 'User not found')))
  app.post('/users', owner, async (request, reply) => {
    const invitation = await invite(actingAs(request), invitationDeps, parseInput(inviteSchema, jsonBody(request)))
    // "Sent" only once the mail server took it; otherwise the invitation waits in the outbox.
    const { email } = invitation
    const tried = app.outbox.delivers('invitation') ? await firstTry(ctx.db, invitation._id) : 'unconfigured'
    const message = {
      sent: `Invitation sent to ${email}`,
      failed: `Invitation saved, but the mail server did not take its mail to ${email}; it is tried again until it does`,
      pending: `Invitation saved; its mail to ${email} is on its way`,
      unconfigured: `Invitation saved; its mail to ${email} is sent once SMTP_URL is set`,
    }[tried]
    return reply.status(201).send({ invitation: { ...invitation, mailed: tried === 'sent' }, message })
  })
  app.put('/users/:id', owner, async (request) => {
    const id = idParam(request, 'User not found')
    return { user: await updateUser(actingAs(request), id, parseInput(updateUserSchema, jsonBody(request))) }
  })
  // Deactivation, not deletion: their content and history stay, named as theirs.
  app.delete('/users/:id', owner, async (request) => {
    await updateUser(actingAs(request), idParam(request, 'User not found'), { active: false })
    return { message: 'Account deactivated; its sessions have ended' }
  })

  app.get('/invitations', owner, async () => listInvitations(ctx.db))
  app.delete('/invitations/:id', owner, async (request) => {
    await revokeInvitation(actingAs(request), idParam(request, 'Invitation not found'))
    return { message: 'Invitation withdrawn' }
  })

  app.get('/sign-in-rules', app.allow(policy.settings), async () => getSignInRules(ctx.db))
  app.put('/sign-in-rules', app.allow(policy.settings), async (request) =>
    updateSignInRules(actingAs(request), parseInput(signInRulesSchema, jsonBody(request)), request.session!.twoFactor),
  )

  // Public: the accept page reads the invitation, then sets the password. Rate limited like login.
  const perIp = { config: { rateLimit: { max: options.acceptPerIpPerMinute ?? 20, timeWindow: '1 minute' } } }
  app.get('/invitation', perIp, async (request) => {
    const { token } = parseInput(z.object({ token: acceptInvitationSchema.shape.token }), request.query)
    return describeInvitation(ctx.db, token)
  })
  app.post('/accept-invitation', perIp, async (request) =>
    acceptInvitation(ctx.db, parseInput(acceptInvitationSchema, jsonBody(request)), clientOf(request).ip),
  )
}
