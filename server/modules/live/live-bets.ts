import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { formatDecimal, type CurrencyCode } from '#common/money.ts'
import { inLedgerTransaction, postTransfers } from '#server/modules/ledger/index.ts'
import { wageringOf } from '#common/bonus-rules.ts'
import {
  assertWithinMaxBet,
  gameContribution,
  lockBonusForBet,
  recordWagering,
  splitLockedStake,
  stakeTransfers,
  type WageringOutcome,
} from '#server/modules/bonuses/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { type RateTable, walletEntry, type WalletEntry } from '#server/modules/wallet/index.ts'
import { crashMultiplierBpAt, crashPayout, type LiveGame } from '#common/live-rules.ts'
import { coveredNumbers, type RouletteBet } from '#common/originals-rules.ts'
import { hashChains, liveBets, liveRounds } from './live.tables.ts'
import { lockPlayChecksSql } from '#server/modules/limits/index.ts'
import { assertStakeInRange, assertBetAllowed, originalStakeRange } from '../originals/index.ts'
import { payLiveWin } from './live-settlement.ts'
import {
  autoCashoutOf,
  playerTag,
  type LiveBetRow,
  type LiveChoice,
  type LiveRoundRow,
} from './live-wire.ts'
import { capWin, type MaxWinOf } from '../bets/index.ts'

// Bets and cash-outs of the live games, taken by whichever instance the player's request reaches.
// The round engine may run on another instance; the database orders the two: a bet holds its
// round's row in share mode, so the engine's "betting closed" update waits for it, and a bet
// arriving after that finds the round no longer taking bets.

export type PlacedLiveBet =
  | { isNew: true; bet: LiveBetRow; wallet: WalletEntry; wagering: WageringOutcome | null }
  | { isNew: false; bet: LiveBetRow }

/** Thrown inside the transaction when the client request id is taken: rolls back, then we look. */
class DuplicateLiveBet extends Error {}

interface PlaceInput {
  playerId: string
  currency: CurrencyCode
  stakeMinor: bigint
  clientRequestId: string
}

/**
 * Takes a bet on the game's round in its betting window. `roundStakeMaxMinor`: the most all of
 * the player's bets on one round may stake together, checked under the player's row lock, so
 * parallel bets are counted one after another and cannot pass it together.
 */
async function placeLiveBet(
  db: Db,
  game: LiveGame,
  input: PlaceInput & { roundStakeMaxMinor?: bigint },
  choice: Omit<LiveChoice, 'tag'>,
): Promise<PlacedLiveBet> {
  // Read before the transaction (cached a minute): no second connection while it holds locks.
  const contribution = await gameContribution(db, { engine: game })
  try {
    return await inLedgerTransaction(db, async (tx) => {
      const [round] = await tx
        .select({ id: liveRounds.id })
        .from(liveRounds)
        .where(
          and(
            eq(liveRounds.game, game),
            eq(liveRounds.status, 'betting'),
            sql`${liveRounds.bettingEndsAt} > clock_timestamp()`,
          ),
        )
        .for('share')
      if (!round) throw new AppError('games.live_betting_closed')
      // The player's active bonus next (before the limits and protection, as every game locks
      // them): max bet, cash first, wagering.
      const locked = await lockBonusForBet(tx, input.playerId, input.currency)
      if (locked) assertWithinMaxBet(locked.row, input.stakeMinor)
      // Locks the player's row so their bets on a round line up (Crash allows one per round),
      // and the loss and wager limits and the protection row, if any, so bets in other games
      // wait for this one too.
      const [player] = await tx
        .select({
          currency: players.currency,
          firstName: players.firstName,
          hasPlayChecks: lockPlayChecksSql(input.playerId),
        })
        .from(players)
        .where(eq(players.id, input.playerId))
        .for('no key update')
      if (player?.currency !== input.currency) {
        throw new AppError('games.currency_not_current', { params: { currency: input.currency } })
      }
      if (player.hasPlayChecks) await assertBetAllowed(db, tx, input)
      if (input.roundStakeMaxMinor !== undefined) {
        await assertRoundStakeRoom(tx, round.id, input, input.roundStakeMaxMinor)
      }
      if (game === 'crash') {
        const [earlier] = await tx
          .select({ id: liveBets.id, clientRequestId: liveBets.clientRequestId })
          .from(liveBets)
          .where(and(eq(liveBets.roundId, round.id), eq(liveBets.playerId, input.playerId)))
        if (earlier && earlier.clientRequestId !== input.clientRequestId) {
          throw new AppError('games.live_bet_exists')
        }
      }
      const betId = uuidv7()
      const split = splitLockedStake(locked, input.stakeMinor)
      const [bet] = await tx
        .insert(liveBets)
        .values({
          id: betId,
          roundId: round.id,
          playerId: input.playerId,
          currency: input.currency,
          stakeMinor: input.stakeMinor,
          choice: { tag: playerTag(input.playerId, player.firstName), ...choice },
          clientRequestId: input.clientRequestId,
          bonusId: split.bonusId,
          bonusStakeMinor: split.bonusMinor,
        })
        .onConflictDoNothing()
        .returning()
      if (!bet) throw new DuplicateLiveBet()
      const stake = await postTransfers(
        tx,
        stakeTransfers(
          {
            key: `live-bet:${betId}`,
            playerId: input.playerId,
            currency: input.currency,
            reference: betId,
          },
          split,
        ),
      )
      if (stake.status === 'exceeds_balance') {
        // With a bonus the stake could have used cash and bonus money together.
        const available = locked
          ? locked.cashMinor + locked.bonusBalanceMinor
          : stake.availableMinor
        throw new AppError('games.insufficient_funds', {
          params: { available: formatDecimal(available, input.currency), currency: input.currency },
        })
      }
      if (stake.status !== 'posted') throw new Error(`live bet ${betId} stake: ${stake.status}`)
      const wagering = locked
        ? await recordWagering(
            tx,
            locked,
            wageringOf(input.stakeMinor, contribution),
            stake.balances,
          )
        : null
      return {
        isNew: true as const,
        bet,
        wallet: await walletEntry(tx, input.playerId, input.currency),
        wagering,
      }
    })
  } catch (error) {
    if (!(error instanceof DuplicateLiveBet)) throw error
    const [first] = await db
      .select()
      .from(liveBets)
      .where(
        and(
          eq(liveBets.playerId, input.playerId),
          eq(liveBets.clientRequestId, input.clientRequestId),
        ),
      )
    if (!first) throw new AppError('games.bet_in_progress')
    return { isNew: false, bet: first }
  }
}

/**
 * Refuses a bet that would take the player's stakes on the round past `maxMinor` (409
 * `games.live_round_stake_above_max`, with what is left). A repeat of a bet already placed passes:
 * it answers the first bet. Call it with the player's row locked.
 */
async function assertRoundStakeRoom(
  tx: Tx,
  roundId: string,
  input: PlaceInput,
  maxMinor: bigint,
): Promise<void> {
  const [staked] = await tx
    .select({
      totalMinor: sql<string>`coalesce(sum(${liveBets.stakeMinor}), 0)::text`,
      isRepeat: sql<boolean>`coalesce(bool_or(${liveBets.clientRequestId} = ${input.clientRequestId}), false)`,
    })
    .from(liveBets)
    .where(and(eq(liveBets.roundId, roundId), eq(liveBets.playerId, input.playerId)))
  if (!staked || staked.isRepeat) return
  const totalMinor = BigInt(staked.totalMinor)
  if (totalMinor + input.stakeMinor <= maxMinor) return
  const leftMinor = maxMinor > totalMinor ? maxMinor - totalMinor : 0n
  throw new AppError('games.live_round_stake_above_max', {
    params: {
      max: formatDecimal(maxMinor, input.currency),
      remaining: formatDecimal(leftMinor, input.currency),
      currency: input.currency,
    },
  })
}

/** A Crash bet on the round taking bets, with an optional automatic cash-out (basis points). */
export async function placeCrashBet(
  db: Db,
  rates: RateTable,
  input: PlaceInput & { autoCashoutBp: number | null },
): Promise<PlacedLiveBet> {
  const range = await originalStakeRange(db, rates, 'crash', input.currency)
  assertStakeInRange(input.stakeMinor, range, input.currency)
  return placeLiveBet(db, 'crash', input, { auto_cashout_bp: input.autoCashoutBp })
}

/**
 * Chips on the Live Roulette round taking bets: the Original's rules (each chip at least the
 * minimum, their sum at most the maximum, every chip on a real spot). A player may place several,
 * which together stake at most the maximum too.
 */
export async function placeLiveRouletteBet(
  db: Db,
  rates: RateTable,
  input: Omit<PlaceInput, 'stakeMinor'> & { chips: { bet: RouletteBet; stakeMinor: bigint }[] },
): Promise<PlacedLiveBet> {
  if (input.chips.some(({ bet }) => coveredNumbers(bet).length === 0)) {
    throw new AppError('games.bet_invalid')
  }
  const range = await originalStakeRange(db, rates, 'live_roulette', input.currency)
  for (const { stakeMinor } of input.chips) assertStakeInRange(stakeMinor, range, input.currency)
  const stakeMinor = input.chips.reduce((sum, chip) => sum + chip.stakeMinor, 0n)
  assertStakeInRange(stakeMinor, range, input.currency)
  return placeLiveBet(
    db,
    'live_roulette',
    { ...input, stakeMinor, roundStakeMaxMinor: range.max },
    {
      chips: input.chips.map(({ bet, stakeMinor: chip }) => ({
        kind: bet.kind,
        ...(bet.value !== undefined && { value: bet.value }),
        amount: chip.toString(),
      })),
    },
  )
}

export type CashedOut = { isNew: boolean; bet: LiveBetRow; wallet: WalletEntry | null }

/**
 * Cashes a Crash bet out at the multiplier the round shows now (the database's clock against the
 * round's start), or at the bet's automatic cash-out when that is lower, paying at most the
 * maximum win per bet. After the crash point it answers 409 `games.live_round_over`; a second
 * cash-out of the same bet answers the first.
 */
export async function cashOutCrashBet(
  db: Db,
  input: { playerId: string; betId: string; doublingMs: number; maxWinOf: MaxWinOf },
): Promise<CashedOut> {
  const [found] = await db
    .select({ roundId: liveBets.roundId })
    .from(liveBets)
    .innerJoin(liveRounds, eq(liveRounds.id, liveBets.roundId))
    .where(
      and(
        eq(liveBets.id, input.betId),
        eq(liveBets.playerId, input.playerId),
        eq(liveRounds.game, 'crash'),
      ),
    )
  if (!found) throw new AppError('games.live_bet_not_found')
  return inLedgerTransaction(db, async (tx) => {
    // The round first, then the bet: the engine locks them in this order too (no deadlock).
    const [round] = await tx
      .select({
        status: liveRounds.status,
        result: liveRounds.result,
        elapsedMs: sql<number>`(extract(epoch from clock_timestamp() - ${liveRounds.startedAt}) * 1000)::float8`,
      })
      .from(liveRounds)
      .where(eq(liveRounds.id, found.roundId))
      .for('share')
    const [bet] = await tx.select().from(liveBets).where(eq(liveBets.id, input.betId)).for('update')
    if (!round || !bet) throw new AppError('games.live_bet_not_found')
    if (bet.status === 'cashed_out') return { isNew: false, bet, wallet: null }
    if (round.status === 'betting') throw new AppError('games.live_round_not_started')
    if (bet.status !== 'placed' || round.status !== 'running') {
      throw new AppError('games.live_round_over')
    }
    const crashBp = Number(round.result?.crash_bp ?? 0)
    let multiplierBp = crashMultiplierBpAt(round.elapsedMs, input.doublingMs)
    if (multiplierBp > crashBp) throw new AppError('games.live_round_over')
    const auto = autoCashoutOf(bet)
    if (auto !== null && auto < multiplierBp) multiplierBp = auto
    const [updated] = await tx
      .update(liveBets)
      .set({
        status: 'cashed_out',
        cashoutAtBp: multiplierBp,
        ...capWin(
          crashPayout(bet.stakeMinor, multiplierBp),
          input.maxWinOf(bet.currency as CurrencyCode),
        ),
        settledAt: sql`clock_timestamp()`,
      })
      .where(and(eq(liveBets.id, bet.id), eq(liveBets.status, 'placed')))
      .returning()
    if (!updated) throw new AppError('games.live_round_over')
    await payLiveWin(tx, updated, updated.payoutMinor)
    return {
      isNew: true,
      bet: updated,
      wallet: await walletEntry(tx, input.playerId, bet.currency),
    }
  })
}

/** How many ended rounds the state shows. */
const HISTORY_ROUNDS = 20

/** What a screen needs on opening: the round, its bets, the last results, the chain's end. */
export async function liveState(db: Db | Tx, game: LiveGame) {
  const [current] = await db
    .select()
    .from(liveRounds)
    .where(and(eq(liveRounds.game, game), inArray(liveRounds.status, ['betting', 'running'])))
    .limit(1)
  const history = await db
    .select()
    .from(liveRounds)
    .where(and(eq(liveRounds.game, game), inArray(liveRounds.status, ['settled', 'refunded'])))
    .orderBy(desc(liveRounds.number))
    .limit(HISTORY_ROUNDS)
  const round: LiveRoundRow | undefined = current ?? history[0]
  const roundBets = round
    ? await db
        .select()
        .from(liveBets)
        .where(eq(liveBets.roundId, round.id))
        .orderBy(desc(liveBets.id))
    : []
  const [chain] = await db
    .select({ terminalHash: hashChains.terminalHash, length: hashChains.length })
    .from(hashChains)
    .where(eq(hashChains.game, game))
  return { round, bets: roundBets, history, chain }
}

/** One round with what proves it; the hash only once the round has ended. */
export async function liveRoundProof(db: Db, game: LiveGame, number: number) {
  const [round] = await db
    .select()
    .from(liveRounds)
    .where(and(eq(liveRounds.game, game), eq(liveRounds.number, number)))
  const [chain] = await db
    .select({ terminalHash: hashChains.terminalHash, length: hashChains.length })
    .from(hashChains)
    .where(eq(hashChains.game, game))
  if (!round || !chain) return undefined
  return { round, chain }
}
