import { eq } from 'drizzle-orm'
import { REWARD_BONUS_CODE, wageringRequired } from '#common/bonus-rules.ts'
import { isCurrencyCode } from '#common/money.ts'
import type { Tx } from '#db/client.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import type { Notify } from '#server/modules/notifications/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import type { Wording } from '#server/modules/site/index.ts'
import { rateTable } from '#server/modules/wallet/index.ts'
import { exchangeRates } from '#server/modules/wallet/wallet.tables.ts'
import { lockActiveBonus, lockPlayerBonuses, postGrant } from './bonus-lifecycle.ts'
import { bonusNotice } from './bonus-notifications.ts'
import { loadBonusRules, maxBetIn, ruleOf } from './bonus-rules-store.ts'
import type { PlayerBonusRow } from './bonus-view.ts'
import { playerBonuses } from './bonuses.tables.ts'

export interface RewardBonusGrant {
  playerId: string
  /** The player's wallet currency, and the bonus money in it. */
  currency: string
  amountMinor: bigint
  /** Unique per grant (`prize:<…>`): a retry grants nothing twice. */
  key: string
  now: Date
  /** Stores the `bonus_credited` notice in the caller's transaction; sent after its commit. */
  notify: Notify
  /** The notice's words, read before the transaction. */
  wording: Wording
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Bonus money won or bought in the rewards (a wheel segment, a lootbox, the shop, a lottery rank),
 * inside the caller's transaction: a player bonus of the internal code `reward` under the
 * operator's rule for it (wagering, validity, maximum bet). With no active bonus it is active at
 * once, its money moved like a deposit bonus's (`bonus_grant`) and the player told
 * (`bonus_credited`); with another one active it waits as an offer the player activates from the
 * cabinet once that one ends (no deposit needed: its amount is fixed). `key` is the bonus's
 * period key, so the one-per-period index makes a retried grant give nothing twice. Answers the
 * new bonus, undefined when the key was granted before.
 */
export async function grantRewardBonus(
  tx: Tx,
  grant: RewardBonusGrant,
): Promise<PlayerBonusRow | undefined> {
  const { playerId, currency, amountMinor, now } = grant
  if (!isCurrencyCode(currency) || amountMinor <= 0n) {
    throw new Error(`a reward bonus of ${amountMinor} ${currency}`)
  }
  const [player] = await tx
    .select({ locale: players.locale })
    .from(players)
    .where(eq(players.id, playerId))
  const locale = player?.locale ?? 'en'
  const wording = { locale, text: grant.wording(locale) }
  const rule = ruleOf(await loadBonusRules(tx), REWARD_BONUS_CODE)
  if (!rule) throw new Error('the reward bonus has no rule row (migration 0016)')
  const rates = rateTable(await tx.select().from(exchangeRates))
  await lockPlayerBonuses(tx, playerId)
  const active = await lockActiveBonus(tx, playerId)
  const expiresAt = new Date(now.getTime() + rule.validDays * DAY_MS)
  const [row] = await tx
    .insert(playerBonuses)
    .values({
      id: uuidv7(now.getTime()),
      playerId,
      code: REWARD_BONUS_CODE,
      periodKey: grant.key,
      currency,
      amountMinor,
      wageringRequiredMinor: wageringRequired(amountMinor, rule.wageringTimes),
      maxBetMinor: maxBetIn(rule, currency, rates),
      createdAt: now,
      // Queued behind the active one, it lapses after the rule's validity if never activated.
      ...(active
        ? { status: 'offered' as const }
        : { status: 'active' as const, activatedAt: now }),
      expiresAt,
    })
    .onConflictDoNothing()
    .returning()
  if (!row) return undefined
  if (row.status === 'active') {
    await postGrant(tx, row)
    await grant.notify(tx, bonusNotice('bonus_credited', row, wording))
  }
  return row
}
