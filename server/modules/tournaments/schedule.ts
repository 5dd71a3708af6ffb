import { and, asc, eq, getTableColumns, isNull, lte, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Messages } from '#common/messages.ts'
import type { Db } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import type { Jobs } from '#server/lib/jobs.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { MAX_EVENT_ATTEMPTS } from '#server/modules/engagement/index.ts'
import { retryingConflicts } from '#server/modules/ledger/index.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import { wordingOfEveryLocale } from '#server/modules/site/index.ts'
import { loadRates, publishWallet } from '#server/modules/wallet/index.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { askForTournamentRuns, endRunKey, settleTournament, TOURNAMENT_QUEUE } from './settle.ts'
import { tournaments } from './tournaments.tables.ts'

/** The catch-up run's interval: a start or end whose own run was lost happens within it. */
export const TOURNAMENT_CATCH_UP_MS = 30_000

/** How long a finish waits for the engine to count the last bets before it looks again. */
export const INBOX_WAIT_MS = 2000

/**
 * How long after the end a finish first waits. A bet's time is its transaction's start: one that
 * began just before the end commits (and reaches the inbox) a moment after it.
 */
export const LATE_COMMIT_GRACE_MS = 1000
const GRACE_INTERVAL = `${LATE_COMMIT_GRACE_MS} milliseconds`

export interface FinishDeps {
  db: Db
  bus: EventBus
  secretBox: SecretBox
  messages: (locale: string) => Promise<Messages>
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>
  jobs: Pick<Jobs, 'runAt'>
}

export interface FinishOptions {
  /** Tests only: runs after every write of the finish, before its commit. */
  beforeCommit?: () => Promise<void>
}

/**
 * - `finished`: this run settled and paid it;
 * - `already_finished`: another run had (its `finished_at` is set);
 * - `waiting`: within `LATE_COMMIT_GRACE_MS` of the end, or the engine has not yet counted every
 *   bet made before the end; a run is asked for when it may look again;
 * - `not_due`: no such tournament, disabled, or its end is still to come.
 */
export type FinishOutcome = 'finished' | 'already_finished' | 'waiting' | 'not_due'

/**
 * Finishes one tournament once its end has passed, exactly once however many runs race for it:
 * waits (answers `waiting`) while the engine's inbox still holds a bet its entrants made before
 * the end, so that the board counts every bet made in time; then, in one transaction, locks the
 * row, answers `already_finished` when another run finished it, and otherwise settles and pays it
 * (`settleTournament`). A run killed before its commit leaves nothing behind, and the next pays.
 */
export async function finishTournament(
  deps: FinishDeps,
  tournamentId: number,
  options: FinishOptions = {},
): Promise<FinishOutcome> {
  const { db } = deps
  const [head] = await db
    .select({
      endsAt: tournaments.endsAt,
      finishedAt: tournaments.finishedAt,
      isEnabled: tournaments.isEnabled,
      isDue: sql<boolean>`${tournaments.endsAt} <= now()`,
      isPastGrace: sql<boolean>`${tournaments.endsAt} <= now() - ${GRACE_INTERVAL}::interval`,
    })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId))
  if (!head) return 'not_due'
  if (head.finishedAt !== null) return 'already_finished'
  if (!head.isEnabled || !head.isDue) return 'not_due'
  if (!head.isPastGrace) {
    // A little past it: the end's microseconds are not in `endsAt`, and a run that came too
    // early would find its own key taken.
    const at = new Date(head.endsAt.getTime() + LATE_COMMIT_GRACE_MS + 100)
    await deps.jobs.runAt(TOURNAMENT_QUEUE, at, `${endRunKey({ id: tournamentId, ...head })}:late`)
    return 'waiting'
  }

  // Bets of the entrants made while it ran that the engine has not applied yet. A parked row (one
  // that failed `MAX_EVENT_ATTEMPTS` times) never will be: it does not hold the end up.
  const inbox = await db.execute(sql`
    select exists (
      select 1
      from tournaments t
      join tournament_entries e on e.tournament_id = t.id
      join engagement_events ev on ev.player_id = e.player_id
      join bets b on b.id = case when ev.kind = 'bet' then ev.source_id::uuid end
      where t.id = ${tournamentId} and ev.kind = 'bet' and ev.attempts < ${MAX_EVENT_ATTEMPTS}
        and b.created_at >= t.starts_at and b.created_at < t.ends_at
    ) as waiting`)
  const [uncounted] = (inbox as { rows: { waiting: boolean }[] }).rows
  if (uncounted?.waiting) {
    const at = Date.now() + INBOX_WAIT_MS
    // One key per wait slot: the same slot asked twice is one run, the next slot is a new one.
    await deps.jobs.runAt(
      TOURNAMENT_QUEUE,
      new Date(at),
      `end:${tournamentId}:wait:${Math.floor(at / INBOX_WAIT_MS)}`,
    )
    return 'waiting'
  }

  // Reads outside the transaction: on the embedded database a read on `db` inside it would wait.
  const rates = await loadRates(db)
  const textOf = await wordingOfEveryLocale(deps.messages, deps.log)

  const settled = await notifyAfterCommit(deps, (notify) =>
    retryingConflicts(() =>
      db.transaction(async (tx) => {
        // Concurrent runs queue here; each after the first finds `finished_at` set.
        const [row] = await tx
          .select({
            ...getTableColumns(tournaments),
            isDue: sql<boolean>`${tournaments.endsAt} <= now()`,
          })
          .from(tournaments)
          .where(eq(tournaments.id, tournamentId))
          .for('update')
        if (!row) return 'not_due' as const
        if (row.finishedAt !== null) return 'already_finished' as const
        // An operator's edit between the look and the lock (disabled it, moved the end).
        if (!row.isEnabled || !row.isDue) return 'not_due' as const
        const { isDue: _isDue, ...tournament } = row
        const result = await settleTournament(tx, tournament, {
          secretBox: deps.secretBox,
          rates,
          textOf,
          notify,
          now: new Date(),
        })
        await options.beforeCommit?.()
        return result
      }),
    ),
  )
  if (typeof settled === 'string') return settled

  for (const [playerId, currencies] of settled.wallets) {
    for (const currency of currencies) {
      await publishWallet(db, deps.bus, playerId, currency).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'tournament winner’s wallet not published')
      })
    }
  }
  await deps.bus
    .publish('tournament.phase', { tournament_id: tournamentId, phase: 'finished' })
    .catch((error: unknown) => {
      deps.log.warn({ err: error }, 'tournament end not published')
    })
  return 'finished'
}

/**
 * Marks every enabled tournament whose start has come as started, each once (one statement: a
 * concurrent run's update waits for the row and then no longer matches), and tells its watchers.
 */
export async function startDueTournaments(
  deps: Pick<FinishDeps, 'db' | 'bus' | 'log'>,
): Promise<number[]> {
  const started = await deps.db
    .update(tournaments)
    .set({ startedAt: sql`now()` })
    .where(
      and(
        isNull(tournaments.startedAt),
        lte(tournaments.startsAt, sql`now()`),
        eq(tournaments.isEnabled, true),
      ),
    )
    .returning({ id: tournaments.id })
  const ids = started.map((row) => row.id).sort((a, b) => a - b)
  for (const id of ids) {
    await deps.bus
      .publish('tournament.phase', { tournament_id: id, phase: 'running' })
      .catch((error: unknown) => {
        deps.log.warn({ err: error }, 'tournament start not published')
      })
  }
  return ids
}

/** The enabled tournaments whose end has passed and that are not finished, the oldest first. */
async function dueToFinish(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(
      and(
        isNull(tournaments.finishedAt),
        lte(tournaments.endsAt, sql`now()`),
        eq(tournaments.isEnabled, true),
      ),
    )
    .orderBy(asc(tournaments.endsAt), asc(tournaments.id))
  return rows.map((row) => row.id)
}

/**
 * Asks runs at every unfinished tournament's start (while not started) and end, so that each
 * happens within about a second of its time. Asking again is free: the keys make it one run.
 */
export async function askForUnfinishedRuns(deps: Pick<FinishDeps, 'db' | 'jobs'>): Promise<void> {
  const rows = await deps.db
    .select({
      id: tournaments.id,
      startsAt: tournaments.startsAt,
      endsAt: tournaments.endsAt,
      startedAt: tournaments.startedAt,
    })
    .from(tournaments)
    .where(and(isNull(tournaments.finishedAt), eq(tournaments.isEnabled, true)))
  for (const row of rows) {
    if (row.startedAt === null) {
      await askForTournamentRuns(deps.jobs, row)
    } else {
      // A start run asked again after the queue archived the first would run for nothing.
      await deps.jobs.runAt(TOURNAMENT_QUEUE, row.endsAt, endRunKey(row))
    }
  }
}

export interface DueRun {
  started: number[]
  finished: Map<number, FinishOutcome>
}

/**
 * Everything due: starts, then each finish. One tournament's failing finish does not hold up the
 * others; the run throws afterwards so that the queue retries it.
 */
export async function runDueTournaments(
  deps: FinishDeps,
  options: FinishOptions = {},
): Promise<DueRun> {
  const started = await startDueTournaments(deps)
  const finished = new Map<number, FinishOutcome>()
  const failures: unknown[] = []
  for (const id of await dueToFinish(deps.db)) {
    try {
      finished.set(id, await finishTournament(deps, id, options))
    } catch (error) {
      deps.log.error({ err: error, tournamentId: id }, 'tournament finish failed')
      failures.push(error)
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} tournament finish(es) failed`)
  }
  return { started, finished }
}

/**
 * The start and finish jobs: the queue `tournaments`, whose every run does everything due and asks
 * the precise runs of every unfinished tournament (the first run comes with the app's start, the
 * periodic one every `TOURNAMENT_CATCH_UP_MS`). Operators' edits ask their own
 * (`askForTournamentRuns`). Exactly once comes from the rows, not the queue: a run may repeat.
 */
export function defineTournamentJobs(deps: CoreDeps, log: FastifyBaseLogger): void {
  const finishDeps: FinishDeps = {
    db: deps.db,
    bus: deps.bus,
    secretBox: deps.secretBox,
    messages: (locale) => deps.site.messages(locale),
    log,
    jobs: deps.jobs,
  }
  deps.jobs.define(
    TOURNAMENT_QUEUE,
    async () => {
      try {
        await askForUnfinishedRuns(finishDeps)
      } catch (error) {
        // The catch-up still runs; the precise runs are asked again by the next run.
        log.warn({ err: error }, 'tournament runs not asked')
      }
      await runDueTournaments(finishDeps)
    },
    // A finish pays up to MAX_PAID_PLACES prizes in one transaction.
    { expireInSeconds: 300 },
  )
  deps.jobs.every(TOURNAMENT_QUEUE, TOURNAMENT_CATCH_UP_MS)
}
