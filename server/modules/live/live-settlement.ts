import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Tx } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import type { CurrencyCode } from '#common/money.ts'
import { inLedgerTransaction, postTransfers } from '#server/modules/ledger/index.ts'
import { lockBonusOfBet, returnTransfers } from '#server/modules/bonuses/index.ts'
import { walletEntry } from '#server/modules/wallet/index.ts'
import { crashPayout, ONE_X_BP, type LiveGame } from '#common/live-rules.ts'
import { rouletteChipReturn } from '#common/originals-rules.ts'
import { liveBets, liveEngineLeases, liveRounds } from './live.tables.ts'
import { bets } from '../bets/bets.tables.ts'
import {
  autoCashoutOf,
  chipsOf,
  toWireLiveBet,
  toWireRound,
  type LiveBetRow,
  type LiveRoundRow,
} from './live-wire.ts'
import { announce, type BetRow, capWin, type MaxWinOf } from '../bets/index.ts'

// Money at the end of a live bet. Note: a bet leaves `placed` exactly once, by a conditional
// update in the same transaction as its transfer, so it is paid (`live-win:{id}`) or refunded
// (`live-refund:{id}`), never both, however many engines or restarts try; the idempotency keys
// stand behind that a second time.

/** The engine lost its lease (another took over): whatever it was writing is rolled back. */
export class LeaseLost extends Error {
  constructor(game: string) {
    super(`live engine lease for ${game} lost`)
    this.name = 'LeaseLost'
  }
}

/** Fails the transaction unless `holder` still holds the game's lease (a fencing check). */
export async function fenceLease(tx: Tx, game: LiveGame, holder: string): Promise<void> {
  const [lease] = await tx
    .select({ holder: liveEngineLeases.holder })
    .from(liveEngineLeases)
    .where(
      and(
        eq(liveEngineLeases.game, game),
        eq(liveEngineLeases.holder, holder),
        sql`${liveEngineLeases.expiresAt} > clock_timestamp()`,
      ),
    )
    .for('share')
  if (!lease) throw new LeaseLost(game)
}

/**
 * Pays a live bet's win (or gives its stake back): the bonus money's share of the stake goes
 * back where the bonus now says (`returnTransfers`: the bonus account while it is active, cash
 * once completed, nowhere once forfeited), the rest to cash. The bonus row is locked before the
 * ledger's accounts, as every bet does.
 */
async function payLiveBack(
  tx: Tx,
  bet: LiveBetRow,
  kind: 'win' | 'refund',
  amountMinor: bigint,
): Promise<void> {
  if (amountMinor <= 0n) return
  const goesTo = await lockBonusOfBet(tx, bet)
  const { transfers } = returnTransfers(
    kind,
    {
      key: kind === 'win' ? `live-win:${bet.id}` : `live-refund:${bet.id}`,
      playerId: bet.playerId,
      currency: bet.currency as CurrencyCode,
      reference: bet.id,
    },
    { amountMinor, stakeMinor: bet.stakeMinor, bonusStakeMinor: bet.bonusStakeMinor },
    goesTo,
  )
  if (transfers.length > 0) await postTransfers(tx, transfers)
}

export function payLiveWin(tx: Tx, bet: LiveBetRow, payoutMinor: bigint): Promise<void> {
  return payLiveBack(tx, bet, 'win', payoutMinor)
}

function refundLiveBet(tx: Tx, bet: LiveBetRow): Promise<void> {
  return payLiveBack(tx, bet, 'refund', bet.stakeMinor)
}

/** The settled bet in the game history (`bets`), with what proves it in `outcome`. */
async function recordHistory(tx: Tx, round: LiveRoundRow, bet: LiveBetRow): Promise<BetRow> {
  const result = round.result ?? {}
  const chips = chipsOf(bet)
  const [row] = await tx
    .insert(bets)
    .values({
      id: bet.id,
      playerId: bet.playerId,
      game: round.game,
      round: round.id,
      currency: bet.currency,
      stakeMinor: bet.stakeMinor,
      payoutMinor: bet.payoutMinor,
      uncappedPayoutMinor: bet.uncappedPayoutMinor,
      multiplierBp: Number((bet.payoutMinor * BigInt(ONE_X_BP)) / bet.stakeMinor),
      // Note: `:` is outside the client request id's alphabet, so this never meets an Original's.
      clientRequestId: `live:${bet.clientRequestId}`,
      bonusId: bet.bonusId,
      bonusStakeMinor: bet.bonusStakeMinor,
      outcome: {
        live: true,
        round_number: round.number,
        round_hash: round.roundHash,
        ...result,
        auto_cashout_bp: autoCashoutOf(bet),
        cashout_bp: bet.cashoutAtBp,
        ...(chips.length > 0 && { bets: chips }),
      },
    })
    .onConflictDoNothing()
    .returning()
  if (row) return row
  const [existing] = await tx.select().from(bets).where(eq(bets.id, bet.id))
  if (!existing) throw new Error(`history row of live bet ${bet.id} missing`)
  return existing
}

/**
 * What a bet still `placed` gets when its round settles with `round.result`, at most the maximum
 * win per bet (`maxWinMinor`).
 */
function finalOf(round: LiveRoundRow, bet: LiveBetRow, maxWinMinor: bigint) {
  const result = round.result ?? {}
  if (typeof result.crash_bp === 'number') {
    const auto = autoCashoutOf(bet)
    // An automatic cash-out due at the very crash moment still counts: m ≤ crash point wins.
    if (auto !== null && auto <= result.crash_bp) {
      return {
        status: 'cashed_out' as const,
        cashoutAtBp: auto,
        ...capWin(crashPayout(bet.stakeMinor, auto), maxWinMinor),
      }
    }
    return { status: 'lost' as const, cashoutAtBp: null, payoutMinor: 0n }
  }
  const pocket = typeof result.pocket === 'number' ? result.pocket : -1
  const win = capWin(
    chipsOf(bet).reduce(
      (sum, chip) => sum + rouletteChipReturn(chip, BigInt(chip.amount), pocket),
      0n,
    ),
    maxWinMinor,
  )
  return {
    status: win.payoutMinor > 0n ? ('won' as const) : ('lost' as const),
    cashoutAtBp: null,
    ...win,
  }
}

export interface EndedRound {
  round: LiveRoundRow
  /** Bets whose state changed now (to tell the room). */
  changed: LiveBetRow[]
  /** History rows written now, one per settled bet (to announce `bet.settled`). */
  settled: BetRow[]
}

/**
 * Ends an open round in one fenced transaction: `settle` pays what the result says (at most
 * `maxWinOf` of each bet's currency), `refund` gives every stake still in play back (bets
 * already cashed out keep their win). Answers undefined when the round had already ended: a
 * second call moves nothing.
 */
export async function endLiveRound(
  db: Db,
  input: {
    game: LiveGame
    holder: string
    roundId: string
    how: 'settle' | 'refund'
    maxWinOf: MaxWinOf
  },
): Promise<EndedRound | undefined> {
  return inLedgerTransaction(db, async (tx) => {
    await fenceLease(tx, input.game, input.holder)
    const [round] = await tx
      .update(liveRounds)
      .set({
        status: input.how === 'settle' ? 'settled' : 'refunded',
        settledAt: sql`clock_timestamp()`,
      })
      .where(
        and(eq(liveRounds.id, input.roundId), inArray(liveRounds.status, ['betting', 'running'])),
      )
      .returning()
    if (!round) return undefined
    const roundBets = await tx
      .select()
      .from(liveBets)
      .where(eq(liveBets.roundId, round.id))
      .orderBy(liveBets.id)
      .for('update')
    const changed: LiveBetRow[] = []
    const settled: BetRow[] = []
    for (const bet of roundBets) {
      let current = bet
      if (bet.status === 'placed') {
        const next =
          input.how === 'refund'
            ? { status: 'refunded' as const, cashoutAtBp: null, payoutMinor: bet.stakeMinor }
            : finalOf(round, bet, input.maxWinOf(bet.currency as CurrencyCode))
        const [updated] = await tx
          .update(liveBets)
          .set({ ...next, settledAt: sql`clock_timestamp()` })
          .where(and(eq(liveBets.id, bet.id), eq(liveBets.status, 'placed')))
          .returning()
        if (!updated) continue
        if (next.status === 'refunded') await refundLiveBet(tx, updated)
        else await payLiveWin(tx, updated, updated.payoutMinor)
        changed.push(updated)
        current = updated
      }
      // A refunded stake is no bet played: it stays out of the history and the bet events.
      if (current.status !== 'refunded') settled.push(await recordHistory(tx, round, current))
    }
    return { round, changed, settled }
  })
}

/** Tells the room, the players' headers and the engagement features about an ended round. */
export async function announceEnded(
  bus: EventBus,
  db: Db,
  log: FastifyBaseLogger,
  ended: EndedRound,
  serverTime: Date,
): Promise<void> {
  const game = ended.round.game as LiveGame
  try {
    await bus.publish('live.round', {
      game,
      round: toWireRound(ended.round),
      server_time: serverTime.toISOString(),
    })
    for (const bet of ended.changed) {
      await bus.publish('live.bet', { game, bet: toWireLiveBet(bet, game) })
    }
  } catch (error) {
    log.warn({ err: error, roundId: ended.round.id }, 'live round ended but not announced')
  }
  const settledIds = new Set(ended.settled.map((row) => row.id))
  for (const row of ended.settled) {
    // Bets cashed out earlier had their wallet announced then; only the history event is new.
    const wasPaidNow = ended.changed.some((bet) => bet.id === row.id)
    const wallet = wasPaidNow ? await walletEntry(db, row.playerId, row.currency) : null
    await announce(db, bus, log, row.playerId, wallet, row)
  }
  for (const bet of ended.changed) {
    if (settledIds.has(bet.id)) continue
    await announce(
      db,
      bus,
      log,
      bet.playerId,
      await walletEntry(db, bet.playerId, bet.currency),
      null,
    )
  }
}
