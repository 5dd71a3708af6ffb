import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { walletEntry } from '#server/modules/wallet/index.ts'
import {
  crashDurationMs,
  crashMultiplierBpAt,
  crashPayout,
  type LiveGame,
} from '#common/live-rules.ts'
import type { CurrencyCode } from '#common/money.ts'
import { hashChains, liveBets, liveEngineLeases, liveRounds } from './live.tables.ts'
import { announce } from '../bets/index.ts'
import { liveResultOf, loadChain, newChain, type RoundHashes } from './chain.ts'
import {
  announceEnded,
  endLiveRound,
  fenceLease,
  LeaseLost,
  payLiveWin,
} from './live-settlement.ts'
import type { LiveTimings } from './live-timings.ts'
import {
  autoCashoutOf,
  toWireLiveBet,
  toWireRound,
  type LiveBetRow,
  type LiveRoundRow,
} from './live-wire.ts'
import { capWin, type WinCaps } from '../bets/index.ts'

export interface LiveEngineOptions {
  db: Db
  /** Seals the chain's secret at rest. */
  secretBox: SecretBox
  bus: EventBus
  log: FastifyBaseLogger
  game: LiveGame
  timings: LiveTimings
  /** Rounds in a new chain, when the game has none yet. */
  chainLength: number
  /** The maximum win per bet, which every payout of the engine respects. */
  winCaps: WinCaps
}

export interface LiveEngine {
  /** This engine's lease holder id (random, never reused). */
  readonly holder: string
  /** True while it holds the game's lease. */
  isLeader(): boolean
  start(): void
  /**
   * Stops the engine. `release` hands the lease back at once so another instance takes over now;
   * without it the engine just goes silent, as a killed process would (tests use this).
   */
  stop(options?: { release?: boolean }): Promise<void>
}

/**
 * The round engine of one live game. Whichever instance holds the game's lease
 * (a row in `live_engine_leases`, renewed every third of its life) runs the rounds: open a betting
 * window, start the round, end it and pay, pause, again. Every write it makes checks the lease in
 * the same transaction, so an engine that lost it (a pause longer than the lease, a partition)
 * cannot touch a round another engine has taken over. On taking a game over it first ends the
 * round the previous holder left open: a Roulette spin whose bets had closed, and a Crash whose
 * crash point has passed, are settled (their results were fixed and due: a bet not cashed out by
 * then lost, whoever runs the engine); a betting round or a Crash still in flight is refunded
 * (players could not act while nobody ran it).
 */
export function createLiveEngine(options: LiveEngineOptions): LiveEngine {
  const { db, secretBox, bus, game, timings, winCaps } = options
  const log = options.log.child({ liveGame: game })
  const holder = randomUUID()
  let isStopped = true
  let isHeld = false
  let abort = new AbortController()
  let loop: Promise<void> | undefined
  let renewal: NodeJS.Timeout | undefined
  let chain: RoundHashes | undefined

  // Read through functions: the flags change in callbacks (stop, a lost renewal) mid-loop.
  const stopped = () => isStopped
  const held = () => isHeld
  const wait = (ms: number) => sleep(Math.max(0, ms), undefined, { signal: abort.signal })

  const loseLease = () => {
    isHeld = false
    abort.abort()
  }

  async function acquireLease(): Promise<boolean> {
    const rows = await db
      .insert(liveEngineLeases)
      .values({
        game,
        holder,
        expiresAt: sql`clock_timestamp() + ${`${String(timings.leaseMs)} milliseconds`}::interval`,
        acquiredAt: sql`clock_timestamp()`,
      })
      .onConflictDoUpdate({
        target: liveEngineLeases.game,
        set: {
          holder,
          expiresAt: sql`excluded.expires_at`,
          acquiredAt: sql`excluded.acquired_at`,
        },
        setWhere: sql`${liveEngineLeases.expiresAt} < clock_timestamp() or ${liveEngineLeases.holder} = ${holder}`,
      })
      .returning({ holder: liveEngineLeases.holder })
    return rows.length > 0
  }

  async function renewLease(): Promise<void> {
    const rows = await db
      .update(liveEngineLeases)
      .set({
        expiresAt: sql`clock_timestamp() + ${`${String(timings.leaseMs)} milliseconds`}::interval`,
      })
      .where(and(eq(liveEngineLeases.game, game), eq(liveEngineLeases.holder, holder)))
      .returning({ holder: liveEngineLeases.holder })
    if (rows.length === 0) {
      log.warn('live engine lease taken over by another instance')
      loseLease()
    }
  }

  function startRenewing() {
    renewal = setInterval(
      () => {
        renewLease().catch((error: unknown) => {
          // A database we cannot reach is a lease we cannot vouch for: stop writing rounds.
          log.warn({ err: error }, 'live engine lease not renewed')
          loseLease()
        })
      },
      Math.floor(timings.leaseMs / 3),
    )
    renewal.unref()
  }

  /** A stored chain, its secret opened (once per engine start). */
  const opened = (stored: typeof hashChains.$inferSelect) =>
    loadChain({ ...stored, secretSeed: secretBox.open(stored.secretSeedSealed) })

  async function loadOrCreateChain(): Promise<RoundHashes> {
    const [stored] = await db.select().from(hashChains).where(eq(hashChains.game, game))
    if (stored) return opened(stored)
    const made = await newChain(options.chainLength)
    const { secretSeed, ...published } = made.row
    const inserted = await db
      .insert(hashChains)
      .values({ game, ...published, secretSeedSealed: secretBox.seal(secretSeed) })
      .onConflictDoNothing()
      .returning({ game: hashChains.game })
    if (inserted.length > 0) {
      log.info({ terminalHash: made.row.terminalHash }, 'new live hash chain committed')
      return made.hashes
    }
    const [raced] = await db.select().from(hashChains).where(eq(hashChains.game, game))
    if (!raced) throw new Error('hash chain vanished')
    return opened(raced)
  }

  const now = () => new Date()

  async function publishRound(round: LiveRoundRow) {
    await bus.publish('live.round', {
      game,
      round: toWireRound(round),
      server_time: now().toISOString(),
    })
  }

  /**
   * Whether a round left open is settled on its result or refunded (see the engine's comment).
   * A Crash's crash point has passed exactly when a cash-out would now be refused as too late
   * (`cashOutCrashBet`): both read the database's clock against the round's start, and time only
   * moves on, so no bet can still be cashed out once this says settle.
   */
  const recoveryOf = (round: LiveRoundRow & { elapsedMs: number | null }) => {
    if (round.status !== 'running') return 'refund'
    if (game === 'live_roulette') return 'settle'
    const crashBp = Number(round.result?.crash_bp ?? 0)
    const isPast =
      round.elapsedMs !== null &&
      crashMultiplierBpAt(round.elapsedMs, timings.crashDoublingMs) > crashBp
    return isPast ? 'settle' : 'refund'
  }

  /** Ends whatever round a previous holder left open (see the engine's comment). */
  async function recover() {
    const open = await db
      .select({
        ...getTableColumns(liveRounds),
        elapsedMs: sql<
          number | null
        >`(extract(epoch from clock_timestamp() - ${liveRounds.startedAt}) * 1000)::float8`,
      })
      .from(liveRounds)
      .where(and(eq(liveRounds.game, game), inArray(liveRounds.status, ['betting', 'running'])))
    for (const { elapsedMs, ...round } of open) {
      const how = recoveryOf({ ...round, elapsedMs })
      const ended = await endLiveRound(db, {
        game,
        holder,
        roundId: round.id,
        how,
        maxWinOf: await winCaps.current(),
      })
      if (ended) {
        log.info({ roundId: round.id, number: round.number, how }, 'live round left open ended')
        await announceEnded(bus, db, log, ended, now())
      }
    }
  }

  async function openRound(hashes: RoundHashes): Promise<LiveRoundRow | undefined> {
    return inLedgerTransaction(db, async (tx) => {
      await fenceLease(tx, game, holder)
      const [last] = await tx
        .select({ number: liveRounds.number })
        .from(liveRounds)
        .where(eq(liveRounds.game, game))
        .orderBy(desc(liveRounds.number))
        .limit(1)
      const number = (last?.number ?? 0) + 1
      if (number > hashes.length) return undefined
      const [round] = await tx
        .insert(liveRounds)
        .values({
          id: uuidv7(),
          game,
          number,
          roundHash: hashes.hashOf(number),
          status: 'betting',
          bettingEndsAt: sql`clock_timestamp() + ${`${String(timings.bettingMs)} milliseconds`}::interval`,
        })
        .returning()
      if (!round) throw new Error('round not opened')
      return round
    })
  }

  async function startRound(round: LiveRoundRow) {
    return inLedgerTransaction(db, async (tx) => {
      await fenceLease(tx, game, holder)
      // Waits for bets being placed (they hold the round's row in share mode), then no more.
      const [running] = await tx
        .update(liveRounds)
        .set({
          status: 'running',
          startedAt: sql`clock_timestamp()`,
          result: liveResultOf(game, round.number, round.roundHash),
        })
        .where(and(eq(liveRounds.id, round.id), eq(liveRounds.status, 'betting')))
        .returning()
      if (!running) throw new LeaseLost(game)
      const placed = await tx
        .select()
        .from(liveBets)
        .where(and(eq(liveBets.roundId, round.id), eq(liveBets.status, 'placed')))
        .orderBy(asc(liveBets.id))
      return { running, placed }
    })
  }

  /** Pays the automatic cash-outs that came due, each at exactly its multiplier. */
  async function cashOutDue(round: LiveRoundRow, due: LiveBetRow[]) {
    const maxWinOf = await winCaps.current()
    const paid = await inLedgerTransaction(db, async (tx) => {
      await fenceLease(tx, game, holder)
      const [isRunning] = await tx
        .select({ id: liveRounds.id })
        .from(liveRounds)
        .where(and(eq(liveRounds.id, round.id), eq(liveRounds.status, 'running')))
        .for('share')
      if (!isRunning) return []
      const done: LiveBetRow[] = []
      for (const bet of due) {
        const target = autoCashoutOf(bet)
        if (target === null) continue
        const [updated] = await tx
          .update(liveBets)
          .set({
            status: 'cashed_out',
            cashoutAtBp: target,
            ...capWin(crashPayout(bet.stakeMinor, target), maxWinOf(bet.currency as CurrencyCode)),
            settledAt: sql`clock_timestamp()`,
          })
          .where(and(eq(liveBets.id, bet.id), eq(liveBets.status, 'placed')))
          .returning()
        if (!updated) continue
        await payLiveWin(tx, updated, updated.payoutMinor)
        done.push(updated)
      }
      return done
    })
    for (const bet of paid) {
      await bus.publish('live.bet', { game, bet: toWireLiveBet(bet, game) })
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

  /** Crash in flight: automatic cash-outs as the multiplier passes them, until the crash point. */
  async function flyCrash(round: LiveRoundRow, placed: LiveBetRow[]) {
    const crashBp = Number(round.result?.crash_bp ?? 0)
    const flightMs = crashDurationMs(crashBp, timings.crashDoublingMs)
    const pending = placed
      .map((bet) => ({ bet, target: autoCashoutOf(bet) }))
      .filter(
        (entry): entry is { bet: LiveBetRow; target: number } =>
          entry.target !== null && entry.target <= crashBp,
      )
      .map((entry) => ({ ...entry, atMs: crashDurationMs(entry.target, timings.crashDoublingMs) }))
      .sort((a, b) => a.atMs - b.atMs)
    const startedAt = performance.now()
    for (;;) {
      const elapsed = performance.now() - startedAt
      const due = pending.filter((entry) => entry.atMs <= elapsed)
      if (due.length > 0) {
        pending.splice(0, due.length)
        await cashOutDue(
          round,
          due.map((entry) => entry.bet),
        )
      }
      const left = flightMs - (performance.now() - startedAt)
      if (left <= 0) break
      const next = pending[0] ? pending[0].atMs - (performance.now() - startedAt) : left
      await wait(Math.min(left, Math.max(next, timings.crashTickMs)))
    }
  }

  async function playRound(hashes: RoundHashes): Promise<boolean> {
    const round = await openRound(hashes)
    if (!round) {
      log.error({ length: hashes.length }, 'live hash chain used up: commit a new chain to go on')
      return false
    }
    await publishRound(round)
    await wait(round.bettingEndsAt.getTime() - Date.now())
    const { running, placed } = await startRound(round)
    await publishRound(running)
    if (game === 'crash') await flyCrash(running, placed)
    else await wait(timings.rouletteSpinMs)
    const ended = await endLiveRound(db, {
      game,
      holder,
      roundId: running.id,
      how: 'settle',
      maxWinOf: await winCaps.current(),
    })
    if (ended) await announceEnded(bus, db, log, ended, now())
    await wait(timings.resultPauseMs)
    return true
  }

  async function run() {
    while (!stopped()) {
      try {
        if (!(await acquireLease())) {
          await wait(timings.leaseMs / 3)
          continue
        }
        isHeld = true
        abort = new AbortController()
        startRenewing()
        log.info({ holder }, 'live engine took the lease')
        chain ??= await loadOrCreateChain()
        await recover()
        while (!stopped() && held()) {
          if (!(await playRound(chain))) await wait(60_000)
        }
      } catch (error) {
        const isExpected = error instanceof LeaseLost || abort.signal.aborted
        if (!isExpected) log.error({ err: error }, 'live engine failed; trying again')
      } finally {
        clearInterval(renewal)
        isHeld = false
      }
      if (stopped()) break
      abort = new AbortController()
      await wait(timings.leaseMs / 3).catch(() => undefined)
    }
  }

  return {
    holder,
    isLeader: () => isHeld && !isStopped,
    start() {
      if (!isStopped) return
      isStopped = false
      abort = new AbortController()
      loop = run()
    },
    async stop({ release = true } = {}) {
      isStopped = true
      abort.abort()
      clearInterval(renewal)
      await loop
      if (release) {
        await db
          .delete(liveEngineLeases)
          .where(and(eq(liveEngineLeases.game, game), eq(liveEngineLeases.holder, holder)))
      }
    },
  }
}
