import { eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { levelOf, periodKey, pointsOfMinor } from '#common/engagement-rules.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { CURRENCY_EXPONENTS } from '#common/money.ts'
import { playerLoyalty } from './engagement.tables.ts'
import { tierOfLevel, type LoyaltyTables, type VipTierRow } from './loyalty-tables.ts'

/**
 * The daily withdrawal limit of a player below the first VIP tier, in euro cents (€5,000); a
 * tier's own limit (`vip_tiers.withdrawal_limit_eur_minor`) replaces it from that tier up.
 */
export const BASE_WITHDRAWAL_LIMIT_EUR_MINOR = 500_000n

/** The euro cents a player may withdraw over 24 hours: their tier's limit, or the base one. */
export const dailyWithdrawalLimitEurMinor = (tier: VipTierRow | undefined): bigint =>
  tier?.withdrawalLimitEurMinor ?? BASE_WITHDRAWAL_LIMIT_EUR_MINOR

/** Where a player stands in the loyalty programme: points, level and VIP tier. */
export interface LoyaltyStanding {
  /** Hundredths of a point. */
  pointsMinor: bigint
  points: number
  level: number
  levelPercent: number
  levelImageUrl: string
  currentLevelPoints: number
  nextLevelPoints: number
  /** Undefined below the first tier. */
  tier: VipTierRow | undefined
}

/** The standing of `pointsMinor` on the operator's levels and tiers. */
export function standingOf(pointsMinor: bigint, tables: LoyaltyTables): LoyaltyStanding {
  const points = pointsOfMinor(pointsMinor)
  const place = levelOf(points, tables.steps)
  return { pointsMinor, points, ...place, tier: tierOfLevel(tables.tiers, place.level) }
}

/**
 * A player's standing, from their points (one read by primary key; 0 before they earn any).
 * The level follows the points on the operator's current table, as player info shows it.
 * `tables` is read by the caller (`loadLoyaltyTables`), before any transaction it passes as `db`.
 */
export async function playerStanding(
  db: Db | Tx,
  playerId: string,
  tables: LoyaltyTables,
): Promise<LoyaltyStanding> {
  const [row] = await db
    .select({ pointsMinor: playerLoyalty.pointsMinor })
    .from(playerLoyalty)
    .where(eq(playerLoyalty.playerId, playerId))
  return standingOf(row?.pointsMinor ?? 0n, tables)
}

/** The ISO week (UTC) before the one `at` falls in, as `periodKey` names it (`2026-W47`). */
export function previousWeekKey(at: Date): string {
  const weekday = at.getUTCDay() || 7
  const lastSunday = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - weekday)
  return periodKey('weekly', new Date(lastSunday))
}

/** The ledger key of a week's cashback in one currency: the week pays once per currency. */
export const cashbackKey = (playerId: string, currency: string, week: string): string =>
  `cashback:${playerId}:${currency}:${week}`

/**
 * Last week's cashback paid to the player (by its ledger keys, one indexed lookup), the
 * largest if it was paid in several currencies; undefined when none.
 */
export async function lastWeekCashback(
  db: Db | Tx,
  playerId: string,
  now: Date,
): Promise<{ amountMinor: bigint; currency: string; paidAt: Date } | undefined> {
  const week = previousWeekKey(now)
  const rows = await db
    .select({
      amountMinor: ledgerTransfers.amountMinor,
      currency: ledgerTransfers.currency,
      createdAt: ledgerTransfers.createdAt,
    })
    .from(ledgerTransfers)
    .where(
      inArray(
        ledgerTransfers.idempotencyKey,
        Object.keys(CURRENCY_EXPONENTS).map((currency) => cashbackKey(playerId, currency, week)),
      ),
    )
  const [first] = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
  return (
    first && { amountMinor: first.amountMinor, currency: first.currency, paidAt: first.createdAt }
  )
}
