import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { formatDecimal, type CurrencyCode } from '#server/lib/money.ts'
import {
  inLedgerTransaction,
  postTransfer,
  postTransfers,
  type TransferInput,
} from '#server/modules/ledger/index.ts'
import { assertWithinPlayLimits } from '#server/modules/limits/index.ts'
import {
  fromEurRounded,
  loadRates,
  walletEntryOf,
  type RateTable,
  type WalletEntry,
} from '#server/modules/wallet/index.ts'
import { gameStakeLimits, games } from './catalogue.tables.ts'
import type { FairnessInput } from './originals/fairness.ts'
import { bets, fairnessSeeds } from './games.tables.ts'
import { playUsageRows } from './play-usage.ts'
import { takeNonce } from './seeds.ts'

// What every real-money Original shares: stake ranges, the stake and win transfers, and the one
// transaction that places a bet (nonce, money, bet row), idempotent per client request id.

/** Stakes of the Originals, in euro minor units, turned into each currency by the rate table. */
export const ORIGINALS_STAKE_EUR = { min: 10n, max: 1_000_00n }

export type BetRow = typeof bets.$inferSelect
export type SeedRow = typeof fairnessSeeds.$inferSelect
/** What a bet shows of its seed pair: never the server seed while the pair is in use. */
export type BetSeed = Pick<SeedRow, 'serverSeedHash' | 'clientSeed'> & {
  serverSeed: string | null
}

export type PlacedBet =
  { isNew: true; bet: BetRow; seed: BetSeed; wallet: WalletEntry } | { isNew: false; bet: BetRow }

type StakeLimitRow = { min: bigint; max: bigint } | undefined

/**
 * The catalogue's stake limits change only with its seed (no operator call edits them yet), and
 * every bet needs them: each instance reads one engine and currency at most once a minute, as it
 * does the rates. Whatever changes `game_stake_limits` at run time calls `forgetStakeLimits`.
 */
const STAKE_LIMITS_CACHE_MS = 60_000
const stakeLimitsCache = new WeakMap<
  Db | Tx,
  Map<string, { row: StakeLimitRow; readAtMs: number }>
>()

/** Drops this instance's cached stake limits (after `game_stake_limits` changed). */
export function forgetStakeLimits(db: Db | Tx): void {
  stakeLimitsCache.delete(db)
}

async function stakeLimitRow(db: Db | Tx, engine: string, currency: CurrencyCode) {
  const key = `${engine}:${currency}`
  const cached = stakeLimitsCache.get(db)?.get(key)
  if (cached && Date.now() - cached.readAtMs < STAKE_LIMITS_CACHE_MS) return cached.row
  const [row] = await db
    .select({ min: gameStakeLimits.minMinor, max: gameStakeLimits.maxMinor })
    .from(gameStakeLimits)
    .innerJoin(games, eq(games.id, gameStakeLimits.gameId))
    .where(
      and(
        eq(games.engine, engine),
        eq(games.kind, 'original'),
        eq(gameStakeLimits.currency, currency),
      ),
    )
    .limit(1)
  const byKey =
    stakeLimitsCache.get(db) ?? new Map<string, { row: StakeLimitRow; readAtMs: number }>()
  byKey.set(key, { row, readAtMs: Date.now() })
  stakeLimitsCache.set(db, byKey)
  return row
}

/**
 * The stake range of an Original in `currency`: the catalogue's `game_stake_limits` row of the
 * game running that engine when the operator set one, else the Originals' euro range converted.
 */
export async function originalStakeRange(
  db: Db | Tx,
  rates: RateTable,
  engine: string,
  currency: CurrencyCode,
): Promise<{ min: bigint; max: bigint }> {
  const limit = await stakeLimitRow(db, engine, currency)
  if (limit) return limit
  return {
    min: fromEurRounded(rates, ORIGINALS_STAKE_EUR.min, currency),
    max: fromEurRounded(rates, ORIGINALS_STAKE_EUR.max, currency),
  }
}

export function assertStakeInRange(
  stakeMinor: bigint,
  range: { min: bigint; max: bigint },
  currency: CurrencyCode,
): void {
  if (stakeMinor < range.min) {
    throw new AppError('games.stake_below_min', {
      params: { min: formatDecimal(range.min, currency), currency },
    })
  }
  if (stakeMinor > range.max) {
    throw new AppError('games.stake_above_max', {
      params: { max: formatDecimal(range.max, currency), currency },
    })
  }
}

export const houseAccount = (playerId: string, currency: CurrencyCode) => ({
  system: 'game_settlement' as const,
  currency,
  shardKey: playerId,
})

interface MoneyOfBet {
  playerId: string
  currency: CurrencyCode
  betId: string
}

const stakeTransfer = (input: MoneyOfBet & { stakeMinor: bigint }): TransferInput => ({
  idempotencyKey: `bet:${input.betId}`,
  code: 'bet',
  debit: { playerId: input.playerId, kind: 'cash', currency: input.currency },
  credit: houseAccount(input.playerId, input.currency),
  amountMinor: input.stakeMinor,
  reference: input.betId,
})

const winTransfer = (input: MoneyOfBet & { payoutMinor: bigint }): TransferInput => ({
  idempotencyKey: `win:${input.betId}`,
  code: 'win',
  debit: houseAccount(input.playerId, input.currency),
  credit: { playerId: input.playerId, kind: 'cash', currency: input.currency },
  amountMinor: input.payoutMinor,
  reference: input.betId,
})

const insufficientFunds = (availableMinor: bigint, currency: CurrencyCode) =>
  new AppError('games.insufficient_funds', {
    params: { available: formatDecimal(availableMinor, currency), currency },
  })

/** Takes a stake from the player's cash inside `tx`; 409 when the cash does not cover it. */
export async function takeStake(tx: Tx, input: MoneyOfBet & { stakeMinor: bigint }): Promise<void> {
  const stake = await postTransfer(tx, stakeTransfer(input))
  if (stake.status === 'exceeds_balance')
    throw insufficientFunds(stake.availableMinor, input.currency)
}

/** Pays a win back to the player's cash inside `tx` (nothing for a zero payout). */
export async function payWin(tx: Tx, input: MoneyOfBet & { payoutMinor: bigint }): Promise<void> {
  if (input.payoutMinor <= 0n) return
  await postTransfer(tx, winTransfer(input))
}

/**
 * A one-step bet's stake and win inside `tx`, posted as one batch (one statement), answering the
 * wallet after it; 409 when the cash does not cover the stake.
 */
async function takeStakeAndPayWin(
  tx: Tx,
  input: MoneyOfBet & { stakeMinor: bigint; payoutMinor: bigint },
): Promise<WalletEntry> {
  const posted = await postTransfers(tx, [
    stakeTransfer(input),
    ...(input.payoutMinor > 0n ? [winTransfer(input)] : []),
  ])
  if (posted.status === 'exceeds_balance')
    throw insufficientFunds(posted.availableMinor, input.currency)
  if (posted.status === 'exists') throw new Error(`bet ${input.betId} was posted twice`)
  return walletEntryOf(posted.balances, input.currency)
}

/**
 * Refuses a stake the player's loss or wager limits leave no room for (409, nothing moves). Call
 * it after `takeNonce` answered `hasPlayLimits`: that statement locked the limits, so parallel
 * bets of the player are counted here one after another.
 */
export async function assertStakeWithinPlayLimits(
  db: Db,
  tx: Tx,
  input: { playerId: string; currency: CurrencyCode; stakeMinor: bigint },
): Promise<void> {
  await assertWithinPlayLimits(tx, {
    playerId: input.playerId,
    currency: input.currency,
    stakeMinor: input.stakeMinor,
    usageRows: playUsageRows,
    loadRates: () => loadRates(db),
  })
}

/** Thrown inside the transaction when the bet's id is taken: it rolls back, then we look. */
export class DuplicateBet extends Error {}

export interface InstantBetInput {
  playerId: string
  currency: CurrencyCode
  stakeMinor: bigint
  clientRequestId: string
}

/**
 * A one-step Original (Slots, Roulette) placed exactly like Dice: nonce, stake, win and bet row
 * in one ledger transaction; a repeated client request id answers the first bet, moves nothing.
 * `settle` turns the seed pair's numbers into the payout and what the bet row records.
 */
export async function placeInstantBet(
  db: Db,
  game: string,
  input: InstantBetInput,
  settle: (fairness: FairnessInput) => {
    payoutMinor: bigint
    outcome: Record<string, unknown>
  },
): Promise<PlacedBet> {
  try {
    return await inLedgerTransaction(db, async (tx) => {
      const seed = await takeNonce(tx, input.playerId, input.currency)
      if (!seed) {
        throw new AppError('games.currency_not_current', { params: { currency: input.currency } })
      }
      if (seed.hasPlayLimits) await assertStakeWithinPlayLimits(db, tx, input)
      const { payoutMinor, outcome } = settle({
        serverSeed: seed.serverSeed,
        clientSeed: seed.clientSeed,
        nonce: seed.nonce,
      })
      const betId = uuidv7()
      const wallet = await takeStakeAndPayWin(tx, { ...input, payoutMinor, betId })
      const [bet] = await tx
        .insert(bets)
        .values({
          id: betId,
          playerId: input.playerId,
          game,
          round: `${seed.id}:${seed.nonce}`,
          currency: input.currency,
          stakeMinor: input.stakeMinor,
          payoutMinor,
          multiplierBp: Number((payoutMinor * 10_000n) / input.stakeMinor),
          clientRequestId: input.clientRequestId,
          seedId: seed.id,
          nonce: seed.nonce,
          outcome,
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
        wallet,
      }
    })
  } catch (error) {
    if (!(error instanceof DuplicateBet)) throw error
    const first = await findBet(db, input.playerId, input.clientRequestId)
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
