import type { FastifyInstance } from 'fastify'
import { loginCodeSchema, loginSchema } from '../../shared/schemas/auth.schema.js'
import { changePasswordSchema } from '../../shared/schemas/password.schema.js'
import { clientOf } from '../plugins/auth.js'
import { changePassword } from '../services/account.js'
import { login, logout, verifyLoginCode } from '../services/auth.js'
import { parseInput } from '../validation.js'
import { jsonBody } from './json-body.js'

export async function authRoutes(app: FastifyInstance, options: { loginPerIpPerMinute: number }) {
  const perIp = { config: { rateLimit: { max: options.loginPerIpPerMinute, timeWindow: '1 minute' } } }

  // 200 {token} (SPEC 7), or 202 {challenge, message} when the second factor is still to come.
  app.post('/login', perIp, async (request, reply) => {
    const answer = await login(app.auth, parseInput(loginSchema, jsonBody(request)), clientOf(request))
    return 'challenge' in answer ? reply.status(202).send(answer) : answer
  })

  app.post('/verify-login-code', perIp, async (request) =>
    verifyLoginCode(app.auth, parseInput(loginCodeSchema, jsonBody(request)), clientOf(request)),
  )

  app.post('/logout', { preHandler: app.requireSignedIn }, async (request) => {
    await logout(app.ctx.db, request.session!, clientOf(request))
    return { message: 'Signed out' }
  })

  app.post('/change-password', { preHandler: app.requireSignedIn }, async (request) => {
    const session = request.session!
    const input = parseInput(changePasswordSchema(session.username), jsonBody(request))
    await changePassword(app.auth, session, input, clientOf(request))
    return { message: 'Password changed; other sessions have ended' }
  })
}
