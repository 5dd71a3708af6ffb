import type { CurrencyCode } from '#common/money.ts'
import type { TransferInput } from '#server/modules/ledger/index.ts'

/**
 * The house side of every game's money: the player's own row of the settlement account, so bets
 * of different players rarely meet on one row.
 */
const houseAccount = (playerId: string, currency: CurrencyCode) => ({
  system: 'game_settlement' as const,
  currency,
  shardKey: playerId,
})

/** What a game's money movement is: a stake taken, a win paid, or a stake given back. */
export type BetMoney = 'stake' | 'win' | 'refund'

export interface BetMoneyInput {
  /** The ledger's idempotency key: the game's own, so a repeated call moves nothing twice. */
  idempotencyKey: string
  playerId: string
  currency: CurrencyCode
  amountMinor: bigint
  /** What the money belongs to (the bet's id, a studio's transaction). */
  reference: string
  /**
   * The player's side: `cash` (the default) or, for the part of a stake staked with bonus money
   * and the share of its win that goes back there while the bonus is active, `bonus`.
   */
  account?: 'cash' | 'bonus'
}

const CODES = { stake: 'bet', win: 'win', refund: 'bet_refund' } as const

/**
 * The one place a game's stake, win or refund becomes a ledger transfer: a stake moves the
 * player's cash (or bonus money) to the house, a win or a refund moves it back.
 */
export function betTransfer(money: BetMoney, input: BetMoneyInput): TransferInput {
  const cash = { playerId: input.playerId, kind: input.account ?? 'cash', currency: input.currency }
  const house = houseAccount(input.playerId, input.currency)
  return {
    idempotencyKey: input.idempotencyKey,
    code: CODES[money],
    debit: money === 'stake' ? cash : house,
    credit: money === 'stake' ? house : cash,
    amountMinor: input.amountMinor,
    reference: input.reference,
  }
}
