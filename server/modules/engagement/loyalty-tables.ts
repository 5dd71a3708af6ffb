import { asc } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import type { LevelStep } from '#common/engagement-rules.ts'
import { loyaltyLevels, vipTiers } from './engagement.tables.ts'

export type LoyaltyLevelRow = typeof loyaltyLevels.$inferSelect
export type VipTierRow = typeof vipTiers.$inferSelect

/** The operator's levels and VIP tiers, ordered, as every reader of them needs them. */
export interface LoyaltyTables {
  levels: readonly LoyaltyLevelRow[]
  /** `levelOf`'s input. */
  steps: readonly LevelStep[]
  tiers: readonly VipTierRow[]
}

/**
 * Read on every bet batch and every player info load, changed by an operator a few times a year:
 * kept for a minute per database handle, and dropped at once on this instance by
 * `forgetLoyaltyTables` (the admin calls publish `loyalty.levels.changed`, which every instance's
 * engagement plugin answers with it).
 */
const TABLES_CACHE_MS = 60_000
const cache = new WeakMap<Db | Tx, { value: Promise<LoyaltyTables>; readAtMs: number }>()

export function forgetLoyaltyTables(db: Db | Tx): void {
  cache.delete(db)
}

export function loadLoyaltyTables(db: Db | Tx): Promise<LoyaltyTables> {
  const cached = cache.get(db)
  if (cached && Date.now() - cached.readAtMs < TABLES_CACHE_MS) return cached.value
  const value = Promise.all([
    db.select().from(loyaltyLevels).orderBy(asc(loyaltyLevels.fromPoints)),
    db.select().from(vipTiers).orderBy(asc(vipTiers.fromLevel)),
  ]).then(([levels, tiers]) => ({
    levels,
    steps: levels.map((row) => ({
      level: row.level,
      fromPoints: row.fromPoints,
      imageUrl: row.imageUrl,
    })),
    tiers,
  }))
  // A failed read is not kept: the next caller tries again.
  value.catch(() => cache.delete(db))
  cache.set(db, { value, readAtMs: Date.now() })
  return value
}

/** The VIP tier of a level: the highest whose `fromLevel` it has reached; undefined below the first. */
export const tierOfLevel = (tiers: readonly VipTierRow[], level: number): VipTierRow | undefined =>
  tiers.findLast((tier) => level >= tier.fromLevel)

/** Coins after the tier's multiplier, rounded down to a hundredth (the ledger's unit). */
export const multipliedCoins = (coinsMinor: bigint, tier: VipTierRow | undefined): bigint =>
  tier ? (coinsMinor * BigInt(tier.coinMultiplierBp)) / 10_000n : coinsMinor
