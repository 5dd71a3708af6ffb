import { and, desc, eq } from 'drizzle-orm'
import { codeForDeposit, isBonusCode, type BonusCode } from '#common/bonus-rules.ts'
import type { CurrencyCode } from '#common/money.ts'
import type { Db } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { RateTable } from '#server/modules/wallet/index.ts'
import { assertAvailable, successfulDeposits } from './bonus-lifecycle.ts'
import { loadBonusRules, maxBetIn, rangeIn } from './bonus-rules-store.ts'
import type { BonusOffer } from './bonuses.contract.ts'
import { playerBonuses } from './bonuses.tables.ts'

/**
 * What the deposit dialog promises: the code the next deposit would earn (the player's claimed
 * offer in this currency, else the welcome bonus of this deposit or an open time box) and its
 * terms in the wallet's currency, so the dialog can say before the player pays whether the
 * amount qualifies. Both null when nothing applies, the code is no longer available, or the
 * player is barred from play.
 */
export async function depositBonusOffer(
  db: Db,
  input: { playerId: string; currency: CurrencyCode; rates: RateTable; now?: Date },
): Promise<{ bonusCode: BonusCode | null; bonusOffer: BonusOffer | null }> {
  const none = { bonusCode: null, bonusOffer: null }
  const now = input.now ?? new Date()
  const live = await loadBonusRules(db)
  const [claimed] = await db
    .select({ code: playerBonuses.code })
    .from(playerBonuses)
    .where(
      and(
        eq(playerBonuses.playerId, input.playerId),
        eq(playerBonuses.status, 'offered'),
        eq(playerBonuses.amountMinor, 0n),
        eq(playerBonuses.currency, input.currency),
      ),
    )
    .orderBy(desc(playerBonuses.createdAt))
    .limit(1)
  const deposits = await successfulDeposits(db, input.playerId)
  // A queued reward bonus is no claimed code: it waits for the player, not for a deposit.
  const claimedCode = claimed && isBonusCode(claimed.code) ? claimed.code : null
  const code = claimedCode ?? codeForDeposit(Object.values(live.rules), deposits + 1, now)
  if (!code) return none
  let rule
  try {
    ;({ rule } = await assertAvailable(db, live, {
      playerId: input.playerId,
      code,
      at: now,
      deposits,
      rates: input.rates,
    }))
  } catch (error) {
    if (error instanceof AppError) return none
    throw error
  }
  const range = rangeIn(live, rule, input.currency, input.rates)
  return {
    bonusCode: code,
    bonusOffer: {
      code,
      match_percent: rule.matchPercent,
      deposit_min: range.minMinor.toString(),
      deposit_max: range.maxMinor.toString(),
      max_bonus: ((range.maxMinor * BigInt(rule.matchPercent)) / 100n).toString(),
      currency: input.currency,
      wagering_times: rule.wageringTimes,
      valid_days: rule.validDays,
      max_bet: maxBetIn(rule, input.currency, input.rates).toString(),
    },
  }
}

/**
 * A deposit's `bonus_code`, checked before anything is stored: unknown (400
 * `bonus.unknown_code`), or not available to this player now (409 with the reason: another
 * deposit number, box closed, taken already, barred, switched off).
 */
export async function assertDepositBonusCode(
  db: Db,
  input: { playerId: string; code: string; rates: RateTable },
): Promise<void> {
  if (!isBonusCode(input.code)) throw new AppError('bonus.unknown_code')
  const live = await loadBonusRules(db)
  await assertAvailable(db, live, {
    playerId: input.playerId,
    code: input.code,
    at: new Date(),
    rates: input.rates,
  })
}
