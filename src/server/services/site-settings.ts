import { eq } from 'drizzle-orm'
import type { SiteSettingsInput } from '../../shared/schemas/team.schema.js'
import type { SiteSettings } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { appState } from '../db/schema.js'
import { appendAudit, fieldChanges } from './audit-log.js'
import type { ServiceContext } from './context.js'
import { conflict } from '../errors.js'

// The owner's settings of the back office, kept in app_state (one row per setting).
const REQUIRE_TWO_FACTOR = 'require-two-factor'

export async function getSiteSettings(db: Executor): Promise<SiteSettings> {
  const [row] = await db.select().from(appState).where(eq(appState.key, REQUIRE_TWO_FACTOR))
  return { requireTwoFactor: row?.value === 'true' }
}

export const OWN_TWO_FACTOR_FIRST =
  'Turn on two-factor sign-in for your own account first (Account); otherwise this would lock you out'

/** `ownTwoFactor`: whether the owner making the change signs in with two factors. */
export async function updateSiteSettings(
  ctx: ServiceContext,
  input: SiteSettingsInput,
  ownTwoFactor: boolean,
): Promise<SiteSettings> {
  return ctx.db.transaction(async (tx) => {
    const before = await getSiteSettings(tx)
    const after = { ...before, ...input }
    if (after.requireTwoFactor && !before.requireTwoFactor && !ownTwoFactor)
      throw conflict(OWN_TWO_FACTOR_FIRST, 'requireTwoFactor')
    await tx
      .insert(appState)
      .values({ key: REQUIRE_TWO_FACTOR, value: String(after.requireTwoFactor) })
      .onConflictDoUpdate({ target: appState.key, set: { value: String(after.requireTwoFactor) } })
    const changes = fieldChanges(before, after, ['requireTwoFactor'])
    if (Object.keys(changes).length > 0)
      await appendAudit(tx, ctx.actor, { action: 'update', kind: 'settings', recordLabel: 'Site settings', changes })
    return after
  })
}
