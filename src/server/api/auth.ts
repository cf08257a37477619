import type { FastifyInstance } from 'fastify'
import { changePasswordSchema, loginSchema } from '../../shared/schemas/auth.schema.js'
import { changePassword, login, logout } from '../services/auth.js'
import { jsonBody, parseInput } from './parse.js'

export async function authRoutes(app: FastifyInstance, options: { loginPerIpPerMinute: number }) {
  app.post(
    '/login',
    { config: { rateLimit: { max: options.loginPerIpPerMinute, timeWindow: '1 minute' } } },
    async (request) => login(app.ctx.db, app.loginThrottle, parseInput(loginSchema, jsonBody(request))),
  )

  app.post('/logout', { preHandler: app.requireAdmin }, async (request) => {
    await logout(app.ctx.db, request.session!)
    return { message: 'Signed out' }
  })

  app.post('/change-password', { preHandler: app.requireAdmin }, async (request) => {
    await changePassword(app.ctx.db, request.session!, parseInput(changePasswordSchema, jsonBody(request)))
    return { message: 'Password changed; other sessions have ended' }
  })
}
