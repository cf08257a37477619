import { eq } from 'drizzle-orm'
import type { SignInRulesInput } from '../../shared/schemas/team.schema.js'
import type { SignInRules } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { appState } from '../db/schema.js'
import { appendAudit, fieldChanges } from './audit-log.js'
import type { ServiceContext } from './context.js'
import { conflict } from '../errors.js'

// The owner's sign-in rules for every account (require two-factor), kept in app_state.
const REQUIRE_TWO_FACTOR = 'require-two-factor'

export async function getSignInRules(db: Executor): Promise<SignInRules> {
  const [row] = await db.select().from(appState).where(eq(appState.key, REQUIRE_TWO_FACTOR))
  return { requireTwoFactor: row?.value === 'true' }
}

export const OWN_TWO_FACTOR_FIRST =
  'Turn on two-factor sign-in for your own account first (Account); otherwise this would lock you out'

/** `ownTwoFactor`: whether the owner making the change signs in with two factors. */
export async function updateSignInRules(
  ctx: ServiceContext,
  input: SignInRulesInput,
  ownTwoFactor: boolean,
): Promise<SignInRules> {
  return ctx.db.transaction(async (tx) => {
    const before = await getSignInRules(tx)
    const after = { ...before, ...input }
    if (after.requireTwoFactor && !before.requireTwoFactor && !ownTwoFactor)
      throw conflict(OWN_TWO_FACTOR_FIRST, 'requireTwoFactor')
    await tx
      .insert(appState)
      .values({ key: REQUIRE_TWO_FACTOR, value: String(after.requireTwoFactor) })
      .onConflictDoUpdate({ target: appState.key, set: { value: String(after.requireTwoFactor) } })
    const changes = fieldChanges(before, after, ['requireTwoFactor'])
    if (Object.keys(changes).length > 0)
      await appendAudit(tx, ctx.actor, { action: 'update', kind: 'settings', recordLabel: 'Sign-in rules', changes })
    return after
  })
}
