import type { Tx } from '#db/client.ts'

export interface RewardBonusGrant {
  playerId: string
  /** The player's wallet currency, and the bonus money in it. */
  currency: string
  amountMinor: bigint
  /** Unique per grant (`prize:<…>`): a retry grants nothing twice. */
  key: string
  now: Date
}

/**
 * Bonus money won or bought in the rewards (a wheel segment, a lootbox, the shop, a lottery rank),
 * inside the caller's transaction.
 */
export async function grantRewardBonus(_tx: Tx, _grant: RewardBonusGrant): Promise<void> {
  throw new Error('PLACEHOLDER: grantRewardBonus')
}
