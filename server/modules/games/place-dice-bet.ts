import { and, eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { formatDecimal, type CurrencyCode } from '#server/lib/money.ts'
import { inLedgerTransaction, postTransfer } from '#server/modules/ledger/index.ts'
import {
  fromEurRounded,
  walletEntry,
  type RateTable,
  type WalletEntry,
} from '#server/modules/wallet/index.ts'
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
export type SeedRow = typeof fairnessSeeds.$inferSelect
/** What a bet shows of its seed pair: never the server seed while the pair is in use. */
export type BetSeed = Pick<SeedRow, 'serverSeedHash' | 'clientSeed'> & {
  serverSeed: string | null
}

export type PlacedBet =
  { isNew: true; bet: BetRow; seed: BetSeed; wallet: WalletEntry } | { isNew: false; bet: BetRow }

/** Thrown inside the transaction when the bet's id is taken: it rolls back, then we look. */
class DuplicateBet extends Error {}

/**
 * A real-money Dice bet: the stake leaves the player's cash and the win comes back in the same
 * transaction as the bet row and the seed's nonce, so a bet is all there or not at all. A
 * repeated client request id answers the first bet and moves nothing.
 */
export async function placeDiceBet(
  db: Db,
  rates: RateTable,
  input: PlaceDiceBetInput,
): Promise<PlacedBet> {
  if (!isDiceBetValid(input.bet)) throw new AppError('games.bet_invalid')
  const min = fromEurRounded(rates, ORIGINALS_STAKE_EUR.min, input.currency)
  const max = fromEurRounded(rates, ORIGINALS_STAKE_EUR.max, input.currency)
  if (input.stakeMinor < min) {
    throw new AppError('games.stake_below_min', {
      params: { min: formatDecimal(min, input.currency), currency: input.currency },
    })
  }
  if (input.stakeMinor > max) {
    throw new AppError('games.stake_above_max', {
      params: { max: formatDecimal(max, input.currency), currency: input.currency },
    })
  }

  try {
    return await inLedgerTransaction(db, async (tx) => {
      const seed = await takeNonce(tx, input.playerId, input.currency)
      if (!seed) {
        throw new AppError('games.currency_not_current', { params: { currency: input.currency } })
      }
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
      if (!bet) throw new DuplicateBet()
      return {
        isNew: true as const,
        bet,
        seed: {
          serverSeedHash: seed.serverSeedHash,
          clientSeed: seed.clientSeed,
          serverSeed: null,
        },
        wallet: await walletEntry(tx, input.playerId, input.currency),
      }
    })
  } catch (error) {
    if (!(error instanceof DuplicateBet)) throw error
    const first = await findBet(db, input.playerId, input.clientRequestId)
    // The first attempt is still running in a parallel request: its answer will come there.
    if (!first) throw new AppError('games.bet_in_progress')
    return { isNew: false, bet: first }
  }
}

export async function findBet(db: Db, playerId: string, clientRequestId: string) {
  const [row] = await db
    .select()
    .from(bets)
    .where(and(eq(bets.playerId, playerId), eq(bets.clientRequestId, clientRequestId)))
  return row
}

/** The seed pair of a bet as the player may see it: the server seed only once revealed. */
export async function seedOfBet(db: Db, bet: BetRow): Promise<BetSeed | undefined> {
  if (!bet.seedId) return undefined
  const [seed] = await db.select().from(fairnessSeeds).where(eq(fairnessSeeds.id, bet.seedId))
  return seed && toBetSeed(seed)
}

export const toBetSeed = (seed: SeedRow): BetSeed => ({
  serverSeedHash: seed.serverSeedHash,
  clientSeed: seed.clientSeed,
  serverSeed: seed.revealedAt ? seed.serverSeed : null,
})
