import type { FastifyInstance } from 'fastify'
import { confirmPasswordSchema, enableTwoFactorSchema } from '../../shared/schemas/auth.schema.js'
import { clientOf } from '../plugins/auth.js'
import { getAccount } from '../services/account.js'
import { endOtherSessions, endSession, listSessions } from '../services/sessions.js'
import { disableTwoFactor, enableTwoFactor, newRecoveryCodes, setUpTwoFactor } from '../services/two-factor.js'
import { idParam } from './params.js'
import { parseInput } from '../validation.js'
import { jsonBody } from './json-body.js'

/** The Account screen: the admin's sessions and two-factor sign-in (decision 033). */
export async function accountRoutes(app: FastifyInstance) {
  const { auth } = app
  // Not requireAdmin: an account that must turn on two-factor sign-in does it here.
  const admin = { preHandler: app.requireAccount }

  // Allowed before a generated password is changed: the Account screen needs it to say so.
  app.get('/get-account', { preHandler: app.requireSignedIn }, async (request) => getAccount(auth, request.session!))

  app.get('/get-sessions', admin, async (request) => listSessions(auth.db, request.session!))
  app.delete('/delete-session/:id', admin, async (request) => {
    await endSession(auth.db, request.session!, idParam(request, 'Session not found'))
    return { message: 'Session ended' }
  })
  app.post('/end-other-sessions', admin, async (request) => {
    const ended = await endOtherSessions(auth.db, request.session!)
    return { message: `${ended} other session${ended === 1 ? '' : 's'} ended`, ended }
  })

  app.post('/setup-two-factor', admin, async (request) => setUpTwoFactor(auth, request.session!))
  app.post('/enable-two-factor', admin, async (request) =>
    enableTwoFactor(auth, request.session!, parseInput(enableTwoFactorSchema, jsonBody(request)), clientOf(request)),
  )
  app.post('/disable-two-factor', admin, async (request) => {
    const { password } = parseInput(confirmPasswordSchema, jsonBody(request))
    await disableTwoFactor(auth, request.session!, password, clientOf(request))
    return { message: 'Two-factor sign-in is off' }
  })
  app.post('/new-recovery-codes', admin, async (request) => {
    const { password } = parseInput(confirmPasswordSchema, jsonBody(request))
    return newRecoveryCodes(auth, request.session!, password, clientOf(request))
  })
}
