import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import type { CurrencyCode } from '#common/money.ts'
import { inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { type RateTable, walletEntry, type WalletEntry } from '#server/modules/wallet/index.ts'
import { minesRounds } from './originals.tables.ts'
import { bets } from '../bets/bets.tables.ts'
import { fairnessSeeds } from './originals.tables.ts'
import { MINES_TILES, minePositions, minesMultiplierBp, minesPayout } from './engines/mines.ts'
import {
  assertStakeInRange,
  assertBetAllowed,
  DuplicateBet,
  originalStakeRange,
  payWin,
  takeStake,
} from './instant-bets.ts'
import { forgetSeedState, inPlayersLine, serverSeedOf, takeNonce } from './seeds.ts'
import { wageringOf } from '#common/bonus-rules.ts'
import {
  assertWithinMaxBet,
  gameContribution,
  lockBonusForBet,
  lockBonusOfBet,
  recordWagering,
  splitLockedStake,
  type WageringOutcome,
} from '#server/modules/bonuses/index.ts'
import type { BetRow } from '../bets/index.ts'
import { capWin, type MaxWinOf } from '../bets/index.ts'

export type MinesRoundRow = typeof minesRounds.$inferSelect
type SeedRow = typeof fairnessSeeds.$inferSelect

/**
 * A Mines round as its player sees it. Note: `minePositions` is set only once the round has
 * ended; while it runs the mines stay on the server, fixed by the seed pair and nonce taken at
 * the start.
 */
export interface MinesRoundView {
  round: MinesRoundRow
  seed: { serverSeedHash: string; clientSeed: string; serverSeed: string | null }
  minePositions: number[] | null
  bet: BetRow | null
}

export interface MinesResult extends MinesRoundView {
  /** Set when this call moved money (start, cash-out, the last safe tile). */
  wallet: WalletEntry | null
  /** True when this call settled the round (a bet row to announce). */
  isSettled: boolean
  /** What the start's stake did to the player's active bonus (`announceWagering`). */
  wagering?: WageringOutcome | null
}

const seedView = (seed: SeedRow) => ({
  serverSeedHash: seed.serverSeedHash,
  clientSeed: seed.clientSeed,
  serverSeed: seed.revealedAt ? seed.serverSeed : null,
})

async function seedOf(db: Db | Tx, seedId: string): Promise<SeedRow> {
  const [seed] = await db.select().from(fairnessSeeds).where(eq(fairnessSeeds.id, seedId))
  if (!seed) throw new Error(`mines round without its seed pair ${seedId}`)
  return seed
}

/**
 * The seed pair a round in play goes on with: 409 `games.mines_seed_revealed` once it has been
 * revealed, since its player can then compute every mine (rotation refuses while a round is in
 * play, so only a round left from before that rule meets this).
 */
async function playableSeedOf(tx: Tx, round: MinesRoundRow): Promise<SeedRow> {
  const seed = await seedOf(tx, round.seedId)
  if (seed.revealedAt) throw new AppError('games.mines_seed_revealed')
  return seed
}

const minesOf = (box: SecretBox, round: MinesRoundRow, seed: SeedRow) =>
  minePositions(
    { serverSeed: serverSeedOf(box, seed), clientSeed: seed.clientSeed, nonce: round.nonce },
    round.mines,
  )

async function betOfRound(db: Db | Tx, round: MinesRoundRow) {
  if (round.status === 'active') return null
  const [bet] = await db
    .select()
    .from(bets)
    .where(and(eq(bets.playerId, round.playerId), eq(bets.clientRequestId, round.clientRequestId)))
  return bet ?? null
}

/** The view of a round: the mines only once it ended. */
async function viewOf(db: Db | Tx, box: SecretBox, round: MinesRoundRow): Promise<MinesRoundView> {
  const seed = await seedOf(db, round.seedId)
  const isOver = round.status !== 'active'
  return {
    round,
    seed: seedView(seed),
    minePositions: isOver ? minesOf(box, round, seed) : null,
    bet: await betOfRound(db, round),
  }
}

export interface StartMinesInput {
  playerId: string
  currency: CurrencyCode
  stakeMinor: bigint
  mines: number
  clientRequestId: string
}

/**
 * Starts a real-money Mines round: takes the nonce and the stake in one transaction with the
 * round row. One active round per player (409 `games.mines_round_active`); the same client
 * request id twice answers the first round and moves nothing.
 */
export async function startMinesRound(
  db: Db,
  box: SecretBox,
  rates: RateTable,
  input: StartMinesInput,
): Promise<MinesResult> {
  if (!Number.isInteger(input.mines) || input.mines < 1 || input.mines >= MINES_TILES) {
    throw new AppError('games.bet_invalid')
  }
  const repeat = await findRoundByRequest(db, input.playerId, input.clientRequestId)
  if (repeat) return { ...(await viewOf(db, box, repeat)), wallet: null, isSettled: false }
  assertStakeInRange(
    input.stakeMinor,
    await originalStakeRange(db, rates, 'mines', input.currency),
    input.currency,
  )
  // Read before the transaction (cached a minute): no second connection while it holds locks.
  const contribution = await gameContribution(db, { engine: 'mines' })
  try {
    return await inPlayersLine(input.playerId, () =>
      inLedgerTransaction(db, async (tx) => {
        forgetSeedState(db, input.playerId)
        // Lock order: the bonus row first (max bet, cash first, wagering), then the seed pair,
        // the limits and the protection row, then the ledger's accounts.
        const locked = await lockBonusForBet(tx, input.playerId, input.currency)
        if (locked) assertWithinMaxBet(locked.row, input.stakeMinor)
        const seed = await takeNonce(tx, box, input.playerId, input.currency)
        if (!seed) {
          throw new AppError('games.currency_not_current', { params: { currency: input.currency } })
        }
        if (seed.hasPlayChecks) await assertBetAllowed(db, tx, input)
        const roundId = uuidv7()
        // The stake goes first: a player who cannot afford it hears that, not "round active".
        const split = splitLockedStake(locked, input.stakeMinor)
        const balances = await takeStake(tx, {
          ...input,
          betId: roundId,
          split,
          bonusBalanceMinor: locked?.bonusBalanceMinor,
        })
        const wagering = locked
          ? await recordWagering(tx, locked, wageringOf(input.stakeMinor, contribution), balances)
          : null
        const [round] = await tx
          .insert(minesRounds)
          .values({
            id: roundId,
            playerId: input.playerId,
            currency: input.currency,
            stakeMinor: input.stakeMinor,
            mines: input.mines,
            seedId: seed.id,
            nonce: seed.nonce,
            clientRequestId: input.clientRequestId,
            bonusId: split.bonusId,
            bonusStakeMinor: split.bonusMinor,
          })
          .onConflictDoNothing()
          .returning()
        if (!round) throw new DuplicateBet()
        return {
          round,
          seed: {
            serverSeedHash: seed.serverSeedHash,
            clientSeed: seed.clientSeed,
            serverSeed: null,
          },
          minePositions: null,
          bet: null,
          wallet: await walletEntry(tx, input.playerId, input.currency),
          isSettled: false,
          wagering,
        }
      }),
    )
  } catch (error) {
    if (!(error instanceof DuplicateBet)) throw error
    const first = await findRoundByRequest(db, input.playerId, input.clientRequestId)
    if (first) return { ...(await viewOf(db, box, first)), wallet: null, isSettled: false }
    throw new AppError('games.mines_round_active')
  }
}

async function findRoundByRequest(db: Db | Tx, playerId: string, clientRequestId: string) {
  const [round] = await db
    .select()
    .from(minesRounds)
    .where(
      and(eq(minesRounds.playerId, playerId), eq(minesRounds.clientRequestId, clientRequestId)),
    )
  return round
}

/** The player's round, locked for the rest of the transaction; 404 for anyone else's. */
async function lockRound(tx: Tx, playerId: string, roundId: string) {
  const [round] = await tx
    .select()
    .from(minesRounds)
    .where(and(eq(minesRounds.id, roundId), eq(minesRounds.playerId, playerId)))
    .for('update')
  if (!round) throw new AppError('games.mines_round_not_found')
  if (round.status !== 'active') throw new AppError('games.mines_round_over')
  return round
}

/**
 * Ends a round: its status, and the settled bet with the mines for verification. A cash-out over
 * the maximum win per bet (`maxWinOf`) pays the cap.
 */
async function settleRound(
  tx: Tx,
  box: SecretBox,
  round: MinesRoundRow,
  seed: SeedRow,
  revealed: number[],
  isBust: boolean,
  maxWinOf: MaxWinOf,
): Promise<MinesResult> {
  const mines = minesOf(box, round, seed)
  const safeCount = isBust ? revealed.length - 1 : revealed.length
  const currency = round.currency as CurrencyCode
  const { payoutMinor, uncappedPayoutMinor } = capWin(
    isBust ? 0n : minesPayout(round.stakeMinor, round.mines, safeCount),
    maxWinOf(currency),
  )
  // The bonus share of the win goes back the way the stake came, as the bonus stands now.
  const goesTo = await lockBonusOfBet(tx, round)
  await payWin(tx, {
    playerId: round.playerId,
    currency,
    payoutMinor,
    betId: round.id,
    stakeMinor: round.stakeMinor,
    bonusStakeMinor: round.bonusStakeMinor,
    goesTo,
  })
  const [ended] = await tx
    .update(minesRounds)
    .set({ revealed, status: isBust ? 'busted' : 'cashed_out', settledAt: new Date() })
    .where(eq(minesRounds.id, round.id))
    .returning()
  const [bet] = await tx
    .insert(bets)
    .values({
      id: round.id,
      playerId: round.playerId,
      game: 'mines',
      round: `${seed.id}:${round.nonce}`,
      currency: round.currency,
      stakeMinor: round.stakeMinor,
      payoutMinor,
      uncappedPayoutMinor,
      multiplierBp: isBust ? 0 : minesMultiplierBp(round.mines, safeCount),
      clientRequestId: round.clientRequestId,
      bonusId: round.bonusId,
      bonusStakeMinor: round.bonusStakeMinor,
      seedId: seed.id,
      nonce: round.nonce,
      outcome: { mines: round.mines, mine_positions: mines, revealed, is_win: !isBust },
    })
    .returning()
  if (!ended || !bet) throw new Error(`mines round ${round.id} could not be settled`)
  return {
    round: ended,
    seed: seedView(seed),
    minePositions: mines,
    bet,
    wallet: payoutMinor > 0n ? await walletEntry(tx, round.playerId, round.currency) : null,
    isSettled: true,
  }
}

/**
 * Opens a tile. A mine ends the round lost (a bet row with payout 0, the mines shown); the last
 * safe tile cashes out by itself; a tile opened before is 409 `games.mines_tile_revealed`.
 */
export async function revealMinesTile(
  db: Db,
  box: SecretBox,
  input: { playerId: string; roundId: string; tile: number; maxWinOf: MaxWinOf },
): Promise<MinesResult> {
  return inLedgerTransaction(db, async (tx) => {
    const round = await lockRound(tx, input.playerId, input.roundId)
    const seed = await playableSeedOf(tx, round)
    if (round.revealed.includes(input.tile)) throw new AppError('games.mines_tile_revealed')
    const revealed = [...round.revealed, input.tile]
    if (minesOf(box, round, seed).includes(input.tile)) {
      return settleRound(tx, box, round, seed, revealed, true, input.maxWinOf)
    }
    if (revealed.length === MINES_TILES - round.mines) {
      return settleRound(tx, box, round, seed, revealed, false, input.maxWinOf)
    }
    const [updated] = await tx
      .update(minesRounds)
      .set({ revealed })
      .where(eq(minesRounds.id, round.id))
      .returning()
    if (!updated) throw new Error(`mines round ${round.id} vanished`)
    return {
      round: updated,
      seed: seedView(seed),
      minePositions: null,
      bet: null,
      wallet: null,
      isSettled: false,
    }
  })
}

/** Cashes out at the current multiplier; needs at least one safe tile (409 otherwise). */
export async function cashOutMinesRound(
  db: Db,
  box: SecretBox,
  input: { playerId: string; roundId: string; maxWinOf: MaxWinOf },
): Promise<MinesResult> {
  return inLedgerTransaction(db, async (tx) => {
    const round = await lockRound(tx, input.playerId, input.roundId)
    const seed = await playableSeedOf(tx, round)
    if (round.revealed.length === 0) throw new AppError('games.mines_nothing_revealed')
    const result = await settleRound(tx, box, round, seed, round.revealed, false, input.maxWinOf)
    return {
      ...result,
      wallet: result.wallet ?? (await walletEntry(tx, round.playerId, round.currency)),
    }
  })
}

/** The player's round in play, for resuming after a reload; undefined when none. */
export async function activeMinesRound(db: Db, box: SecretBox, playerId: string) {
  const [round] = await db
    .select()
    .from(minesRounds)
    .where(and(eq(minesRounds.playerId, playerId), eq(minesRounds.status, 'active')))
  return round && (await viewOf(db, box, round))
}

/** Any round of the player (404 for someone else's). */
export async function minesRoundOf(db: Db, box: SecretBox, playerId: string, roundId: string) {
  const [round] = await db
    .select()
    .from(minesRounds)
    .where(and(eq(minesRounds.id, roundId), eq(minesRounds.playerId, playerId)))
  if (!round) throw new AppError('games.mines_round_not_found')
  return viewOf(db, box, round)
}
