import { eq } from 'drizzle-orm'
import { type SiteSettings, siteSettingsSchema } from '../../shared/schemas/site-settings.schema.js'
import { DEFAULT_SITE_SETTINGS } from '../../shared/site-settings.js'
import type { Executor } from '../db/client.js'
import { siteSettings } from '../db/schema.js'
import { appendAudit, fieldChanges } from './audit-log.js'
import type { ServiceContext } from './context.js'

const ROW_ID = 1
const FIELDS = Object.keys(DEFAULT_SITE_SETTINGS) as (keyof SiteSettings)[]

/**
 * The stored settings over the defaults. A stored document is read through the schema again, so
 * a field added later gets its default and one that no longer passes falls back to the default.
 */
export async function getSiteSettings(db: Executor): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, ROW_ID))
  if (!row) return DEFAULT_SITE_SETTINGS
  const parsed = siteSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS, ...row.settings })
  return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS
}

/** Replaces the settings (the screen sends every field); the audit log keeps what changed. */
export async function updateSiteSettings(ctx: ServiceContext, input: SiteSettings): Promise<SiteSettings> {
  await ctx.db.transaction(async (tx) => {
    const before = await getSiteSettings(tx)
    await tx
      .insert(siteSettings)
      .values({ id: ROW_ID, settings: input })
      .onConflictDoUpdate({ target: siteSettings.id, set: { settings: input, updatedAt: new Date() } })
    const changes = fieldChanges(before, input, FIELDS)
    if (Object.keys(changes).length > 0)
      await appendAudit(tx, ctx.actor, { action: 'update', kind: 'settings', recordLabel: 'Site settings', changes })
  })
  ctx.contentChanged()
  return input
}
