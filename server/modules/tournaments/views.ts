import { and, asc, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm'
import { coinsOfMinor } from '#common/engagement-rules.ts'
import type { LocalePrefix } from '#common/locales.ts'
import { paidPlaces, prizeOfPlace, tournamentPhase } from '#common/tournament-rules.ts'
import type { Db } from '#db/client.ts'
import { gameProviders, games } from '#server/modules/catalogue/catalogue.tables.ts'
import { publicName } from '#server/modules/players/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import type { Texts } from '#server/modules/site/index.ts'
import { readLeaderboard } from './leaderboard.ts'
import type {
  TournamentCard,
  TournamentDetails,
  TournamentListSchema,
} from './tournaments.contract.ts'
import {
  tournamentEntries,
  tournamentPrizes,
  tournamentResults,
  tournaments,
} from './tournaments.tables.ts'
import type { z } from 'zod'

type TournamentRow = typeof tournaments.$inferSelect
type PrizeRow = typeof tournamentPrizes.$inferSelect
type TournamentList = z.infer<typeof TournamentListSchema>

/** Finished tournaments the list shows (the latest by end). */
export const FINISHED_LISTED = 12

// Note: wire amounts in euros and coins are numbers by the contract (the browser only shows
// them); money is computed in minor units and turned into a number here, at the edge, only.
const euros = (minor: bigint) => Number(minor) / 100

/** A field of localized texts in `locale`, else English (an operator may leave one empty). */
const textOf = <F extends string>(
  texts: Partial<Record<string, Partial<Record<F, string>>>>,
  locale: LocalePrefix,
  field: F,
): string => texts[locale]?.[field] || (texts.en?.[field] ?? '')

function entryFeeOf(row: TournamentRow): TournamentCard['entry_fee'] {
  switch (row.entryFeeKind) {
    case 'free':
      return { kind: 'free', amount: 0 }
    case 'coins':
      return { kind: 'coins', amount: coinsOfMinor(row.entryFeeMinor) }
    case 'money':
      return { kind: 'money', amount: euros(row.entryFeeMinor) }
  }
}

function cardOf(
  row: TournamentRow,
  prizes: readonly PrizeRow[],
  locale: LocalePrefix,
  now: Date,
  joined: boolean,
): TournamentCard {
  const first = prizeOfPlace(prizes, 1)
  return {
    id: row.id,
    slug: row.slug,
    title: textOf(row.texts, locale, 'title'),
    text: textOf(row.texts, locale, 'text'),
    image_url: row.imageUrl,
    image_alt: textOf(row.texts, locale, 'imageAlt'),
    phase: tournamentPhase(row, now),
    scoring: row.scoring,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    entry_fee: entryFeeOf(row),
    participants: row.participantCount,
    top_prize: first ? textOf(first.texts, locale, 'label') : '',
    paid_places: paidPlaces(prizes),
    joined,
  }
}

async function prizesOf(db: Db, ids: readonly number[]): Promise<Map<number, PrizeRow[]>> {
  const byTournament = new Map<number, PrizeRow[]>()
  if (ids.length === 0) return byTournament
  const rows = await db
    .select()
    .from(tournamentPrizes)
    .where(inArray(tournamentPrizes.tournamentId, [...ids]))
    .orderBy(asc(tournamentPrizes.fromPlace))
  for (const row of rows) {
    const list = byTournament.get(row.tournamentId) ?? []
    list.push(row)
    byTournament.set(row.tournamentId, list)
  }
  return byTournament
}

async function joinedOf(
  db: Db,
  ids: readonly number[],
  playerId: string | null,
): Promise<Set<number>> {
  if (playerId === null || ids.length === 0) return new Set()
  const rows = await db
    .select({ tournamentId: tournamentEntries.tournamentId })
    .from(tournamentEntries)
    .where(
      and(
        eq(tournamentEntries.playerId, playerId),
        inArray(tournamentEntries.tournamentId, [...ids]),
      ),
    )
  return new Set(rows.map((row) => row.tournamentId))
}

/**
 * The list page's three groups in `locale`: running (with those whose results are being paid) and
 * upcoming by start, then the `FINISHED_LISTED` latest finished by end; `joined` for `playerId`.
 */
export async function tournamentList(
  db: Db,
  locale: LocalePrefix,
  playerId: string | null,
  now = new Date(),
): Promise<TournamentList> {
  const [open, finished] = await Promise.all([
    db
      .select()
      .from(tournaments)
      .where(and(eq(tournaments.isEnabled, true), isNull(tournaments.finishedAt)))
      .orderBy(asc(tournaments.startsAt), asc(tournaments.id)),
    db
      .select()
      .from(tournaments)
      .where(and(eq(tournaments.isEnabled, true), isNotNull(tournaments.finishedAt)))
      .orderBy(desc(tournaments.endsAt), desc(tournaments.id))
      .limit(FINISHED_LISTED),
  ])
  const rows = [...open, ...finished]
  const ids = rows.map((row) => row.id)
  const [prizes, joined] = await Promise.all([prizesOf(db, ids), joinedOf(db, ids, playerId)])
  const card = (row: TournamentRow) =>
    cardOf(row, prizes.get(row.id) ?? [], locale, now, joined.has(row.id))
  const cards = open.map(card)
  return {
    running: cards.filter((entry) => entry.phase === 'running' || entry.phase === 'finishing'),
    upcoming: cards.filter((entry) => entry.phase === 'upcoming'),
    finished: finished.map(card),
  }
}

/** An enabled tournament's row; undefined for an unknown or disabled id. */
export async function findEnabledTournament(
  db: Db,
  id: number,
): Promise<TournamentRow | undefined> {
  const [row] = await db
    .select()
    .from(tournaments)
    .where(and(eq(tournaments.id, id), eq(tournaments.isEnabled, true)))
  return row
}

/**
 * The qualifying games the catalogue still has (enabled, from an enabled studio), in the
 * tournament's order. A tournament names games as their bets do (`bets.game`): an Original or a
 * live game by its engine, a studio game by its slug.
 */
async function qualifyingGames(
  db: Db,
  names: readonly string[],
): Promise<TournamentDetails['games']> {
  if (names.length === 0) return []
  const rows = await db
    .select({
      id: games.id,
      slug: games.slug,
      engine: games.engine,
      kind: games.kind,
      title: games.title,
      imageUrl: games.thumbnailUrl,
    })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(
      and(
        or(inArray(games.slug, [...names]), inArray(games.engine, [...names])),
        eq(games.isEnabled, true),
        eq(gameProviders.isEnabled, true),
      ),
    )
  return names.flatMap((name) => {
    const game = rows.find((row) => (row.kind === 'provider' ? row.slug : row.engine) === name)
    return game
      ? [{ id: game.id, slug: game.slug, title: game.title, image_url: game.imageUrl }]
      : []
  })
}

/**
 * A finished tournament's results: each place that won a prize, then the player's own row when
 * it won nothing (from its result row, or after the results when it scored nothing).
 */
async function resultsOf(
  db: Db,
  row: TournamentRow,
  prizes: readonly PrizeRow[],
  locale: LocalePrefix,
  own: TournamentDetails['leaderboard']['own'],
  playerId: string | null,
): Promise<TournamentDetails['results']> {
  const paid = await db
    .select({
      place: tournamentResults.place,
      playerId: tournamentResults.playerId,
      score: tournamentResults.score,
      prize: tournamentResults.prize,
      byDraw: tournamentResults.byDraw,
      firstName: players.firstName,
      lastName: players.lastName,
    })
    .from(tournamentResults)
    .innerJoin(players, eq(players.id, tournamentResults.playerId))
    .where(and(eq(tournamentResults.tournamentId, row.id), isNotNull(tournamentResults.prize)))
    .orderBy(asc(tournamentResults.place))
  const labelOf = (place: number) => {
    const prize = prizeOfPlace(prizes, place)
    return prize ? textOf(prize.texts, locale, 'label') : null
  }
  const results: TournamentDetails['results'] = paid.map((result) => ({
    place: result.place,
    player: publicName({
      id: result.playerId,
      firstName: result.firstName,
      lastName: result.lastName,
    }),
    score: result.score.toString(),
    label: labelOf(result.place),
    prize: result.prize,
    by_draw: result.byDraw,
    is_own: result.playerId === playerId,
  }))
  if (own && playerId !== null && !results.some((result) => result.is_own)) {
    const [placed] = await db
      .select({ byDraw: tournamentResults.byDraw })
      .from(tournamentResults)
      .where(
        and(eq(tournamentResults.tournamentId, row.id), eq(tournamentResults.playerId, playerId)),
      )
    results.push({
      place: own.place,
      player: own.player,
      score: own.score,
      label: null,
      prize: null,
      by_draw: placed?.byDraw ?? false,
      is_own: true,
    })
  }
  return results
}

/**
 * The details page of an enabled tournament in `locale` (undefined for an unknown or disabled
 * id): the card, the rules with the qualifying games and categories, the prize table, the board
 * with the player's own row, and once finished the results and the revealed seeds.
 * `texts` are the page language's words (the categories' titles).
 */
export async function tournamentDetails(
  db: Db,
  id: number,
  locale: LocalePrefix,
  texts: Texts,
  playerId: string | null,
  now = new Date(),
): Promise<TournamentDetails | undefined> {
  const row = await findEnabledTournament(db, id)
  if (!row) return undefined
  const [prizes, joined, gameList, leaderboard] = await Promise.all([
    prizesOf(db, [row.id]).then((byId) => byId.get(row.id) ?? []),
    joinedOf(db, [row.id], playerId),
    qualifyingGames(db, row.gameIds),
    readLeaderboard(db, row.id, playerId),
  ])
  if (!leaderboard) return undefined
  const isFinished = row.finishedAt !== null
  const categoryTitle = (slug: string) => {
    const key = `lobby.category.${slug}`
    const title = texts(key)
    return title === key ? slug : title
  }
  return {
    ...cardOf(row, prizes, locale, now, joined.has(row.id)),
    points_per_spin: row.pointsPerSpin,
    min_stake_eur: euros(row.minStakeEurMinor),
    currencies: row.currencies,
    games: gameList,
    categories: row.categorySlugs.map((slug) => ({ slug, title: categoryTitle(slug) })),
    prizes: prizes.map((prize) => ({
      from_place: prize.fromPlace,
      to_place: prize.toPlace,
      label: textOf(prize.texts, locale, 'label'),
      prize: prize.prize,
    })),
    leaderboard,
    results: isFinished ? await resultsOf(db, row, prizes, locale, leaderboard.own, playerId) : [],
    server_seed_hash: row.serverSeedHash,
    server_seed: isFinished ? row.serverSeed : null,
    client_seed: isFinished ? row.clientSeed : null,
  }
}
