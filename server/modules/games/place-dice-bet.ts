import { and, eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { formatDecimal, type CurrencyCode } from '#server/lib/money.ts'
import { inLedgerTransaction, postTransfer } from '#server/modules/ledger/index.ts'
import { fromEurRounded, type RateTable } from '#server/modules/wallet/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { diceOutcome, isDiceBetValid, type DiceBet } from './originals/dice.ts'
import { bets, fairnessSeeds } from './games.tables.ts'
import { takeNonce } from './seeds.ts'

/** Stakes of the Originals, in euro minor units, turned into each currency by the rate table. */
export const ORIGINALS_STAKE_EUR = { min: 10n, max: 1_000_00n }

export interface PlaceDiceBetInput {
  playerId: string
  currency: CurrencyCode
  stakeMinor: bigint
  bet: DiceBet
  clientRequestId: string
}

export type BetRow = typeof bets.$inferSelect

/**
 * A real-money Dice bet: the stake leaves the player's cash and the win comes back in the same
 * transaction as the bet row and the seed's nonce, so a bet is all there or not at all. A
 * repeated client request id answers the first bet and moves nothing.
 */
export async function placeDiceBet(
  db: Db,
  rates: RateTable,
  input: PlaceDiceBetInput,
): Promise<{ bet: BetRow; isNew: boolean }> {
  if (!isDiceBetValid(input.bet)) throw new AppError('games.bet_invalid')
  const min = fromEurRounded(rates, ORIGINALS_STAKE_EUR.min, input.currency)
  const max = fromEurRounded(rates, ORIGINALS_STAKE_EUR.max, input.currency)
  if (input.stakeMinor < min)
    throw new AppError('games.stake_below_min', {
      params: { min: formatDecimal(min, input.currency), currency: input.currency },
    })
  if (input.stakeMinor > max)
    throw new AppError('games.stake_above_max', {
      params: { max: formatDecimal(max, input.currency), currency: input.currency },
    })

  const existing = await findBet(db, input.playerId, input.clientRequestId)
  if (existing) return { bet: existing, isNew: false }

  return inLedgerTransaction(db, async (tx) => {
    const [player] = await tx
      .select({ currency: players.currency })
      .from(players)
      .where(eq(players.id, input.playerId))
    if (player?.currency !== input.currency) {
      throw new AppError('games.currency_not_current', { params: { currency: input.currency } })
    }
    const seed = await takeNonce(tx, input.playerId)
    const outcome = diceOutcome(
      { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce },
      input.bet,
      input.stakeMinor,
    )
    const betId = uuidv7()
    const cash = { playerId: input.playerId, kind: 'cash' as const, currency: input.currency }
    const house = {
      system: 'game_settlement' as const,
      currency: input.currency,
      shardKey: input.playerId,
    }
    const stake = await postTransfer(tx, {
      idempotencyKey: `bet:${betId}`,
      code: 'bet',
      debit: cash,
      credit: house,
      amountMinor: input.stakeMinor,
      reference: betId,
    })
    if (stake.status === 'exceeds_balance') {
      throw new AppError('games.insufficient_funds', {
        params: {
          available: formatDecimal(stake.availableMinor, input.currency),
          currency: input.currency,
        },
      })
    }
    if (outcome.payoutMinor > 0n) {
      await postTransfer(tx, {
        idempotencyKey: `win:${betId}`,
        code: 'win',
        debit: house,
        credit: cash,
        amountMinor: outcome.payoutMinor,
        reference: betId,
      })
    }
    const [bet] = await tx
      .insert(bets)
      .values({
        id: betId,
        playerId: input.playerId,
        game: 'dice',
        round: `${seed.id}:${seed.nonce}`,
        currency: input.currency,
        stakeMinor: input.stakeMinor,
        payoutMinor: outcome.payoutMinor,
        multiplierBp: outcome.multiplierBp,
        clientRequestId: input.clientRequestId,
        seedId: seed.id,
        nonce: seed.nonce,
        outcome: {
          roll: outcome.roll,
          target: input.bet.target,
          direction: input.bet.direction,
          is_win: outcome.isWin,
        },
      })
      .onConflictDoNothing()
      .returning()
    // A parallel request with the same id won the race: this whole attempt rolls back.
    if (!bet) throw new AppError('games.bet_in_progress')
    return { bet, isNew: true }
  })
}

export async function findBet(db: Db, playerId: string, clientRequestId: string) {
  const [row] = await db
    .select()
    .from(bets)
    .where(and(eq(bets.playerId, playerId), eq(bets.clientRequestId, clientRequestId)))
  return row
}

/** A bet with its seed pair, as the player and the verify page see it. */
export async function betWithSeed(db: Db, bet: BetRow) {
  if (!bet.seedId) return { bet, seed: undefined }
  const [seed] = await db.select().from(fairnessSeeds).where(eq(fairnessSeeds.id, bet.seedId))
  return { bet, seed }
}
