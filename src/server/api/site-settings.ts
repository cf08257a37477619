import type { FastifyInstance } from 'fastify'
import { siteSettingsSchema } from '../../shared/schemas/site-settings.schema.js'
import { actingAs } from '../plugins/auth.js'
import { policy } from '../services/access-policy.js'
import { getSiteSettings, updateSiteSettings } from '../services/site-settings.js'
import { parseInput } from '../validation.js'
import { jsonBody } from './json-body.js'

/** The business's name, contact details, place and profiles (issue 24): owners (access-policy.ts). */
export async function siteSettingsRoutes(app: FastifyInstance) {
  const owner = app.allow(policy.settings)

  app.get('/settings', owner, async () => ({ settings: await getSiteSettings(app.ctx.db) }))

  app.put('/settings', owner, async (request) => ({
    settings: await updateSiteSettings(actingAs(request), parseInput(siteSettingsSchema, jsonBody(request))),
  }))
}
