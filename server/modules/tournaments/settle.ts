import { asc, eq, inArray, and, gt, sql } from 'drizzle-orm'
import { createHash } from 'node:crypto'
import { DEFAULT_LOCALE, isLocalePrefix } from '#common/locales.ts'
import { placedAbove, prizeOfPlace, tieBreak, type StandingKey } from '#common/tournament-rules.ts'
import type { Tx } from '#db/client.ts'
import type { Jobs } from '#server/lib/jobs.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import type { Notify } from '#server/modules/notifications/index.ts'
import { uint32Stream } from '#server/modules/originals/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { grantPrize } from '#server/modules/rewards/index.ts'
import type { Wording } from '#server/modules/site/index.ts'
import type { RateTable } from '#server/modules/wallet/index.ts'
import { tournamentEntries, tournamentPrizes, tournaments } from './tournaments.tables.ts'

export type TournamentRow = typeof tournaments.$inferSelect

/** The job queue of tournaments' starts and ends (`schedule.ts` defines it). */
export const TOURNAMENT_QUEUE = 'tournaments'

export interface SettleContext {
  secretBox: SecretBox
  /** The rate table, read before the transaction. */
  rates: RateTable
  /** Each language's words, read before the transaction (`wordingOfEveryLocale`). */
  textOf: Wording
  notify: Notify
  now: Date
}

export interface SettledTournament {
  tournamentId: number
  /** The places that won a prize, by player. */
  winners: Map<string, number>
  /** The currencies each winner's prizes moved, to publish after the commit. */
  wallets: Map<string, Set<string>>
}

/** An entry on the final board (one that scored). */
export interface BoardEntry {
  entryId: string
  score: bigint
  /** When the entry reached its score; null only for a row that never scored. */
  reachedAt: Date | null
}

const keyOf = (entry: BoardEntry): StandingKey => ({
  score: entry.score,
  reachedAt: entry.reachedAt,
  entryId: entry.entryId,
})

/** The board's order before the draw: score, then time, then entry id (`placedAbove`). */
export function boardOrder<E extends BoardEntry>(entries: readonly E[]): E[] {
  return [...entries].sort((a, b) => {
    if (placedAbove(keyOf(a), keyOf(b))) return -1
    return placedAbove(keyOf(b), keyOf(a)) ? 1 : 0
  })
}

// Tied for the draw: the same score reached at the same millisecond (the times the board and its
// client seed show).
const sameStanding = (a: BoardEntry, b: BoardEntry) =>
  a.score === b.score && (a.reachedAt?.getTime() ?? null) === (b.reachedAt?.getTime() ?? null)

/**
 * The draw's client seed: sha256 (hex) of the final board before the draw, one
 * `<entryId>:<score>:<reachedAt ISO>` line per scoring entry in board order, joined by `\n`.
 * Fixed only when the tournament ends, so unknown when the server seed was committed.
 */
export function tournamentClientSeed(board: readonly BoardEntry[]): string {
  const lines = boardOrder(board).map(
    (entry) => `${entry.entryId}:${entry.score}:${entry.reachedAt?.toISOString() ?? ''}`,
  )
  return createHash('sha256').update(lines.join('\n')).digest('hex')
}

export interface FinalPlace<E extends BoardEntry> {
  entry: E
  place: number
  /** The entry shared its score and time with another: the draw gave it this place. */
  byDraw: boolean
}

/**
 * The final places: the board's order, each group tied on score and time ordered by `tieBreak`
 * over the draw's stream (nonce 0), the groups taken from the top down. Anyone with the revealed
 * seeds and the board recomputes it.
 */
export function finalPlaces<E extends BoardEntry>(
  board: readonly E[],
  seeds: { serverSeed: string; clientSeed: string },
): FinalPlace<E>[] {
  const ordered = boardOrder(board)
  const stream = uint32Stream({ ...seeds, nonce: 0 })
  const placed: FinalPlace<E>[] = []
  for (let start = 0; start < ordered.length;) {
    const first = ordered[start] as E
    let end = start + 1
    while (end < ordered.length && sameStanding(first, ordered[end] as E)) end++
    if (end - start === 1) {
      placed.push({ entry: first, place: start + 1, byDraw: false })
    } else {
      const group = ordered.slice(start, end)
      const byId = new Map(group.map((entry) => [entry.entryId, entry]))
      for (const [index, entryId] of tieBreak(
        stream,
        group.map((entry) => entry.entryId),
      ).entries()) {
        const entry = byId.get(entryId)
        if (!entry) throw new Error('the draw answered an entry outside its group')
        placed.push({ entry, place: start + index + 1, byDraw: true })
      }
    }
    start = end
  }
  return placed
}

/**
 * Settles a tournament whose row the caller holds locked, in the caller's transaction: the final
 * order (score, then time, then the draw for what is still tied), the results, each paid place's
 * prize (`tournament:<id>:<place>`), the seeds revealed, `finished_at`, and the winners told. The
 * seed calls it for its finished tournament.
 */
export async function settleTournament(
  tx: Tx,
  tournament: TournamentRow,
  context: SettleContext,
): Promise<SettledTournament> {
  const { now } = context
  if (tournament.serverSeedSealed === null) {
    throw new Error(`tournament ${tournament.id} has no sealed seed`)
  }
  const serverSeed = context.secretBox.open(tournament.serverSeedSealed)
  const entries = await tx
    .select({
      entryId: tournamentEntries.id,
      playerId: tournamentEntries.playerId,
      score: tournamentEntries.score,
      reachedAt: tournamentEntries.reachedAt,
    })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, tournament.id), gt(tournamentEntries.score, 0n)))
  const prizes = await tx
    .select()
    .from(tournamentPrizes)
    .where(eq(tournamentPrizes.tournamentId, tournament.id))
    .orderBy(asc(tournamentPrizes.fromPlace))
  const clientSeed = tournamentClientSeed(entries)
  const placed = finalPlaces(entries, { serverSeed, clientSeed })

  if (placed.length > 0) {
    // One statement however many placed (a parameter per value would pass PostgreSQL's limit).
    const rows = placed.map(({ entry, place, byDraw }) => ({
      place,
      entry_id: entry.entryId,
      player_id: entry.playerId,
      score: entry.score.toString(),
      prize: prizeOfPlace(prizes, place)?.prize ?? null,
      by_draw: byDraw,
    }))
    await tx.execute(sql`
      insert into tournament_results (tournament_id, place, entry_id, player_id, score, prize, by_draw)
      select ${tournament.id}, r.place, r.entry_id, r.player_id, r.score, r.prize, r.by_draw
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as r(place int, entry_id uuid, player_id uuid, score bigint, prize jsonb, by_draw boolean)`)
  }

  const winners = new Map<string, number>()
  const wallets = new Map<string, Set<string>>()
  const paid: { playerId: string; place: number; prize: (typeof prizes)[number] }[] = []
  for (const { entry, place } of placed) {
    const prize = prizeOfPlace(prizes, place)
    if (!prize) continue
    // A winner barred from play since is paid all the same: the place was earned by bets made
    // while they could play, and the board stays verifiable from its entries.
    const granted = await grantPrize(tx, {
      playerId: entry.playerId,
      prize: prize.prize,
      key: `tournament:${tournament.id}:${place}`,
      rates: context.rates,
      now,
      notify: context.notify,
      wording: context.textOf,
    })
    if (granted.walletCurrency) {
      const currencies = wallets.get(entry.playerId) ?? new Set<string>()
      currencies.add(granted.walletCurrency)
      wallets.set(entry.playerId, currencies)
    }
    winners.set(entry.playerId, place)
    paid.push({ playerId: entry.playerId, place, prize })
  }

  await tx
    .update(tournaments)
    .set({
      serverSeed,
      clientSeed,
      serverSeedSealed: null,
      finishedAt: now,
      updatedAt: now,
    })
    .where(eq(tournaments.id, tournament.id))

  const locales = new Map<string, string>()
  if (paid.length > 0) {
    const found = await tx
      .select({ id: players.id, locale: players.locale })
      .from(players)
      .where(
        inArray(
          players.id,
          paid.map((row) => row.playerId),
        ),
      )
    for (const row of found) locales.set(row.id, row.locale)
  }
  for (const { playerId, place, prize } of paid) {
    const stored = locales.get(playerId) ?? DEFAULT_LOCALE
    const locale = isLocalePrefix(stored) ? stored : DEFAULT_LOCALE
    const text = context.textOf(locale)
    await context.notify(tx, {
      playerId,
      type: 'tournament_won',
      text: text('tournaments.notices.won', {
        tournament: tournament.texts[locale].title || tournament.texts.en.title,
        place,
        prize: prize.texts[locale].label || prize.texts.en.label,
      }),
      url: `/${locale}/tournament-details/t/${tournament.id}`,
      btnText: text('tournaments.notices.won_button'),
    })
  }
  return { tournamentId: tournament.id, winners, wallets }
}

/**
 * Asks the job queue for runs at a tournament's start and end (an operator's create or edit; the
 * periodic run catches any it missed). The keys carry the times, so a moved schedule asks anew
 * while the same one asked twice is one run.
 */
export async function askForTournamentRuns(
  jobs: Pick<Jobs, 'runAt'>,
  tournament: Pick<TournamentRow, 'id' | 'startsAt' | 'endsAt'>,
): Promise<void> {
  const { id, startsAt } = tournament
  await jobs.runAt(TOURNAMENT_QUEUE, startsAt, `start:${id}:${startsAt.toISOString()}`)
  await jobs.runAt(TOURNAMENT_QUEUE, tournament.endsAt, endRunKey(tournament))
}

/** The key of the run asked at a tournament's end. */
export const endRunKey = (tournament: Pick<TournamentRow, 'id' | 'endsAt'>): string =>
  `end:${tournament.id}:${tournament.endsAt.toISOString()}`
