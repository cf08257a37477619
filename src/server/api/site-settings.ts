import type { FastifyInstance } from 'fastify'
import { siteSettingsSchema } from '../../shared/schemas/site-settings.schema.js'
import { actingAs } from '../plugins/auth.js'
import { getSiteSettings, updateSiteSettings } from '../services/site-settings.js'
import { parseInput } from '../validation.js'
import { jsonBody } from './json-body.js'

/** The business's name, contact details, place and profiles (issue 24). Owner-only at merge. */
export async function siteSettingsRoutes(app: FastifyInstance) {
  const admin = { preHandler: app.requireAdmin }

  app.get('/settings', admin, async () => ({ settings: await getSiteSettings(app.ctx.db) }))

  app.put('/settings', admin, async (request) => ({
    settings: await updateSiteSettings(actingAs(request), parseInput(siteSettingsSchema, jsonBody(request))),
  }))
}
