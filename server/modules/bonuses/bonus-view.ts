import type { DepositRange } from '#common/bonus-rules.ts'
import type { PlayerBonus } from './bonuses.contract.ts'
import type { playerBonuses } from './bonuses.tables.ts'

export type PlayerBonusRow = typeof playerBonuses.$inferSelect

/**
 * A player's bonus as the wire shows it. `balanceMinor`: the bonus account's balance, shown for
 * the active bonus only (the account holds the active bonus's money and nothing else).
 * `offer`: the deposit range and match of an offer still waiting for its deposit.
 */
export function toPlayerBonus(
  row: PlayerBonusRow,
  balanceMinor: bigint,
  offer?: { range: DepositRange; matchPercent: number },
): PlayerBonus {
  const left = row.wageringRequiredMinor - row.wageredMinor
  const percent =
    row.wageringRequiredMinor > 0n
      ? Number((row.wageredMinor * 100n) / row.wageringRequiredMinor)
      : row.status === 'completed'
        ? 100
        : 0
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    currency: row.currency,
    promotion_id: row.promotionId,
    amount: row.amountMinor.toString(),
    balance: row.status === 'active' ? balanceMinor.toString() : '0',
    wagering_required: row.wageringRequiredMinor.toString(),
    wagered: row.wageredMinor.toString(),
    wagering_left: (left > 0n ? left : 0n).toString(),
    wagering_percent: Math.min(100, percent),
    max_bet: row.maxBetMinor.toString(),
    deposit_min: offer ? offer.range.minMinor.toString() : null,
    deposit_max: offer ? offer.range.maxMinor.toString() : null,
    match_percent: offer?.matchPercent ?? 0,
    created_at: row.createdAt.toISOString(),
    activated_at: row.activatedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    settled: row.settledMinor === null ? null : row.settledMinor.toString(),
  }
}
