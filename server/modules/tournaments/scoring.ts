import { and, eq, isNull, lte } from 'drizzle-orm'
import { isLocalePrefix } from '#common/locales.ts'
import {
  betScore,
  combineScore,
  qualifies,
  type TournamentBet,
  type TournamentRules,
  type TournamentScoring,
} from '#common/tournament-rules.ts'
import { executePrepared, type Db, type Tx } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import type {
  AfterCommit,
  ConsumerContext,
  EngagementBatch,
  EngagementConsumer,
} from '#server/modules/engagement/index.ts'
import type { Notify } from '#server/modules/notifications/index.ts'
import { boardMessage, ownRow, standingOf, type BoardRow } from './leaderboard.ts'
import type { LeaderboardMessage } from './tournaments.contract.ts'
import { tournaments } from './tournaments.tables.ts'

// Scores qualifying bets on the engine's events (docs/decisions/016-tournaments.md): a handful of
// statements per tournament and drain, none per event, in the drain's transaction, so a bet counts
// exactly when its inbox row is applied (once).

type Rules = TournamentRules & { id: number }
type TournamentTexts = (typeof tournaments.$inferSelect)['texts']

/**
 * Tournaments are edited rarely: the list is read again after a few seconds at most, and at once
 * on `tournaments.content.changed`. One that starts within that time is already in it.
 */
const CACHE_MS = 5_000
const cache = new WeakMap<Db, { value: Promise<Rules[]>; readAtMs: number }>()
// What the last `prepare` read, for `apply` (which only has the transaction): a read on `db`
// inside it would wait on the embedded database. `LOCK` reads every rule again in the
// transaction, so a list left here by another app's database in tests scores nothing wrong.
let prepared: Promise<Rules[]> = Promise.resolve([])

/** Drops the cached tournaments (an operator's edit: `tournaments.content.changed`). */
export function forgetScoringTournaments(db: Db): void {
  cache.delete(db)
}

/** Keeps the scorer's cache in step with operators' edits; answers the unsubscribe. */
export function watchTournamentContent(bus: EventBus, db: Db): () => void {
  return bus.subscribe('tournaments.content.changed', () => {
    forgetScoringTournaments(db)
  })
}

function scoringTournaments(db: Db): Promise<Rules[]> {
  const cached = cache.get(db)
  if (cached && Date.now() - cached.readAtMs < CACHE_MS) return cached.value
  // `.then` makes it a plain promise: a query builder runs its query again at every await, which
  // inside the drain's transaction would wait on the embedded database forever.
  const value: Promise<Rules[]> = db
    .select({
      id: tournaments.id,
      scoring: tournaments.scoring,
      pointsPerSpin: tournaments.pointsPerSpin,
      gameIds: tournaments.gameIds,
      categorySlugs: tournaments.categorySlugs,
      currencies: tournaments.currencies,
      minStakeEurMinor: tournaments.minStakeEurMinor,
      startsAt: tournaments.startsAt,
      endsAt: tournaments.endsAt,
    })
    .from(tournaments)
    .where(
      and(
        eq(tournaments.isEnabled, true),
        isNull(tournaments.finishedAt),
        lte(tournaments.startsAt, new Date(Date.now() + CACHE_MS)),
      ),
    )
    .then((rows) => rows)
  value.catch(() => cache.delete(db))
  cache.set(db, { value, readAtMs: Date.now() })
  return value
}

const json = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? item.toString() : item,
  )

const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value))
const isoOf = (value: Date | string | null) => (value === null ? null : dateOf(value).toISOString())

// The board's order (`placedAbove`), written as `tournament_entries_board_idx` reads it.
const BOARD_ORDER = 'score desc nulls last, reached_at asc nulls last, id'

// The candidates still scoring, locked: a join and the finish job lock the row too, so a drain's
// scores land wholly before a finish reads the board or wholly after it (and then not at all).
const LOCK = `
  select t.id, t.scoring, t.points_per_spin, to_jsonb(t.game_ids) as game_ids,
    to_jsonb(t.category_slugs) as category_slugs, to_jsonb(t.currencies) as currencies,
    t.min_stake_eur_minor::text as min_stake, t.starts_at, t.ends_at, t.texts,
    coalesce((select max(p.to_place) from tournament_prizes p where p.tournament_id = t.id), 0)::integer as paid_places
  from tournaments t
  where t.id in (select jsonb_array_elements_text($1::jsonb)::integer)
    and t.is_enabled and t.finished_at is null
  order by t.id for update of t`

// The bettors' entries, with when they joined (to the millisecond, as bets' times are read).
const ENTRANTS = `
  select player_id::text as player_id,
    floor(extract(epoch from joined_at) * 1000)::float8 as joined_ms
  from tournament_entries
  where tournament_id = $1 and player_id in (select jsonb_array_elements_text($2::jsonb)::uuid)`

// The entries in a paid place (an entry that scored nothing wins nothing, so holds none).
const PAID = `
  select id::text as entry_id, player_id::text as player_id from tournament_entries
  where tournament_id = $1 and score > 0
  order by ${BOARD_ORDER} limit $2`

// The batch's gains, per joined player (a player without an entry scores nothing). A sum adds and
// moves `reached_at` to its latest raising bet; a best replaces a lower best only.
const SCORE = `
  update tournament_entries e set
    score = case when $3::text = 'highest_multiplier' then greatest(e.score, u.score)
                 else e.score + u.score end,
    reached_at = case
      when $3::text = 'highest_multiplier' then
        case when u.score > e.score then u.reached_at else e.reached_at end
      when u.score > 0 then greatest(e.reached_at, u.reached_at)
      else e.reached_at end,
    bets = e.bets + u.bets
  from jsonb_to_recordset($2::jsonb) as u(player_id uuid, score bigint, reached_at timestamptz, bets integer)
  join tournament_entries o on o.tournament_id = $1 and o.player_id = u.player_id
  where e.id = o.id
  returning e.id::text as entry_id, e.player_id::text as player_id,
    o.score::text as old_score, o.reached_at as old_reached_at,
    e.score::text as score, e.reached_at`

const BUMP = `
  update tournaments set leaderboard_version = leaderboard_version + 1
  where id = $1
  returning leaderboard_version::integer as version, participant_count as participants`

// The movers' rows with their places, read after the drain's commit: one pass over the board in its
// order, then only those, with the board's version in the same snapshot (the browser applies only
// the moves of later versions to the place it gets).
const STANDINGS = `
  select b.id::text as entry_id, b.player_id::text as player_id, p.first_name, p.last_name,
         b.score::text as score, b.reached_at, b.bets, b.place,
         (select leaderboard_version::integer from tournaments where id = $1) as version
  from (
    select e.id, e.player_id, e.score, e.reached_at, e.bets,
           row_number() over (order by ${BOARD_ORDER}) as place
    from tournament_entries e where e.tournament_id = $1
  ) b
  join players p on p.id = b.player_id
  where b.id in (select jsonb_array_elements_text($2::jsonb)::uuid)`

const LOCALES = `
  select id::text as player_id, locale from players
  where id in (select jsonb_array_elements_text($1::jsonb)::uuid)`

interface LockedTournament {
  id: number
  scoring: TournamentScoring
  points_per_spin: number
  game_ids: string[] | string
  category_slugs: string[] | string
  currencies: string[] | string
  min_stake: string
  starts_at: Date | string
  ends_at: Date | string
  texts: TournamentTexts | string
  paid_places: number
}

type StandingRow = BoardRow & { version: number }

type BatchEvent = EngagementBatch['events'][number]

/** A bet event as the rules see it, or null for any other event. */
function betOf({ event, at }: BatchEvent): TournamentBet | null {
  if (event.kind !== 'bet' || event.gameId === undefined) return null
  return {
    gameId: event.gameId,
    gameCategories: event.gameCategories ?? [],
    currency: event.currency ?? '',
    stakeEurMinor: event.amountEurMinor,
    winEurMinor: event.winEurMinor ?? 0n,
    multiplierBp: event.multiplierBp ?? 0,
    at,
  }
}

// jsonb arrives parsed from either driver; a string is parsed here should one not parse it.
const listOf = (value: string[] | string): string[] =>
  Array.isArray(value) ? value : (JSON.parse(value) as string[])

function rulesOf(row: LockedTournament): Rules {
  return {
    id: row.id,
    scoring: row.scoring,
    pointsPerSpin: row.points_per_spin,
    gameIds: listOf(row.game_ids),
    categorySlugs: listOf(row.category_slugs),
    currencies: listOf(row.currencies),
    minStakeEurMinor: BigInt(row.min_stake),
    startsAt: dateOf(row.starts_at),
    endsAt: dateOf(row.ends_at),
  }
}

interface Gain {
  player_id: string
  score: bigint
  reached_at: string | null
  bets: number
}

/**
 * The batch's qualifying bets folded per player in bet time order: the best or the sum of their
 * scores, when that last rose (`reachedAt`), and how many bets qualified.
 */
export function foldGains(
  rules: TournamentRules,
  bets: readonly { playerId: string; bet: TournamentBet }[],
): Gain[] {
  const gains = new Map<string, Gain>()
  const ordered = [...bets].sort((a, b) => a.bet.at.getTime() - b.bet.at.getTime())
  for (const { playerId, bet } of ordered) {
    if (!qualifies(rules, bet)) continue
    const gain = gains.get(playerId) ?? {
      player_id: playerId,
      score: 0n,
      reached_at: null,
      bets: 0,
    }
    const next = combineScore(rules.scoring, gain.score, betScore(rules, bet))
    if (next > gain.score) gain.reached_at = bet.at.toISOString()
    gain.score = next
    gain.bets += 1
    gains.set(playerId, gain)
  }
  return [...gains.values()].sort((a, b) => (a.player_id < b.player_id ? -1 : 1))
}

const titleIn = (texts: LockedTournament['texts'], locale: string): string => {
  const parsed = typeof texts === 'string' ? (JSON.parse(texts) as TournamentTexts) : texts
  // An operator's texts lacking a language fall back to English rather than fail the drain.
  const byLocale = parsed as Partial<Record<string, { title?: string }>>
  return byLocale[locale]?.title || byLocale.en?.title || ''
}

/** What one tournament's scoring answers for after the commit: its message, and who moved. */
interface Scored {
  message: LeaderboardMessage
  moverEntries: string[]
}

async function scoreTournament(
  tx: Tx,
  tournament: LockedTournament,
  bets: readonly { playerId: string; bet: TournamentBet }[],
  notify: Notify,
  context: ConsumerContext,
): Promise<Scored | null> {
  const rules = rulesOf(tournament)
  const qualifying = bets.filter(({ bet }) => qualifies(rules, bet))
  if (qualifying.length === 0) return null
  // Only the bettors who joined, and only their bets from the moment they joined.
  const entrants = await executePrepared<{ player_id: string; joined_ms: number }>(
    tx,
    'tournament_score_entrants',
    ENTRANTS,
    [tournament.id, json([...new Set(qualifying.map(({ playerId }) => playerId))])],
  )
  if (entrants.length === 0) return null
  const joinedMs = new Map(entrants.map((row) => [row.player_id, row.joined_ms]))
  const gains = foldGains(
    rules,
    qualifying.filter(
      ({ playerId, bet }) => bet.at.getTime() >= (joinedMs.get(playerId) ?? Infinity),
    ),
  )
  if (gains.length === 0) return null
  const paid = tournament.paid_places
  const paidBefore =
    paid > 0
      ? await executePrepared<{ entry_id: string; player_id: string }>(
          tx,
          'tournament_score_paid',
          PAID,
          [tournament.id, paid],
        )
      : []
  const updated = await executePrepared<{
    entry_id: string
    player_id: string
    old_score: string
    old_reached_at: Date | string | null
    score: string
    reached_at: Date | string | null
  }>(tx, 'tournament_score_entries', SCORE, [tournament.id, json(gains), rules.scoring])
  const moved = updated.filter(
    (row) => row.score !== row.old_score || isoOf(row.reached_at) !== isoOf(row.old_reached_at),
  )
  if (moved.length === 0) return null

  const [head] = await executePrepared<{ version: number; participants: number }>(
    tx,
    'tournament_score_version',
    BUMP,
    [tournament.id],
  )
  if (!head) throw new Error('locked tournament gone')
  const message = await boardMessage(
    tx,
    tournament.id,
    head,
    moved.map((row) => ({
      entry_id: row.entry_id,
      before: { score: row.old_score, reached_at: isoOf(row.old_reached_at) },
      after: { score: row.score, reached_at: isoOf(row.reached_at) },
    })),
  )

  // Pushed out of the paid places: the entries paid before and not after.
  let overtaken: { entry_id: string; player_id: string }[] = []
  if (paid > 0 && paidBefore.length > 0) {
    const paidAfter = await executePrepared<{ entry_id: string; player_id: string }>(
      tx,
      'tournament_score_paid',
      PAID,
      [tournament.id, paid],
    )
    const stillPaid = new Set(paidAfter.map((row) => row.entry_id))
    overtaken = paidBefore.filter((row) => !stillPaid.has(row.entry_id))
  }

  // Few and near the paid places: each one's place is a count (`ownRow`), not a pass over the board.
  if (overtaken.length > 0) {
    const locales = await executePrepared<{ player_id: string; locale: string }>(
      tx,
      'tournament_score_locales',
      LOCALES,
      [json(overtaken.map((row) => row.player_id))],
    )
    const localeOf = new Map(locales.map((row) => [row.player_id, row.locale]))
    for (const { player_id: playerId } of overtaken) {
      const own = await ownRow(tx, tournament.id, false, playerId)
      if (!own) continue
      const stored = localeOf.get(playerId) ?? 'en'
      const locale = isLocalePrefix(stored) ? stored : 'en'
      const text = context.texts(locale)
      await notify(tx, {
        playerId,
        type: 'tournament_overtaken',
        text: text('tournaments.notices.overtaken', {
          title: titleIn(tournament.texts, locale),
          place: own.place,
        }),
        url: `/${locale}/tournament-details/t/${String(tournament.id)}/`,
        btnText: text('notifications_text.quest_view_button'),
      })
    }
  }
  return { message, moverEntries: moved.map((row) => row.entry_id) }
}

/**
 * After the commit: the movers' own rows with their places (one pass over the board, outside the
 * drain's transaction, so the board's message does not wait for it).
 */
async function publishStandings(
  db: Db,
  bus: ConsumerContext['bus'],
  tournamentId: number,
  moverEntries: readonly string[],
): Promise<void> {
  const rows = await executePrepared<StandingRow>(db, 'tournament_score_standings', STANDINGS, [
    tournamentId,
    json(moverEntries),
  ])
  for (const row of rows) {
    await bus.publish('tournament.standing', {
      playerId: row.player_id,
      tournament_id: tournamentId,
      version: row.version,
      own: standingOf(row, row.player_id),
    })
  }
}

/**
 * Tournament scores from the engine's bet events: each bet qualifying for an enabled, unfinished
 * tournament the player had joined when they placed it raises their entry by the tournament's rule (`betScore`,
 * `combineScore`); a drain that moved a board bumps its version, tells the players pushed out of
 * the paid places, and after its commit publishes the board (`tournament.leaderboard`) and each
 * mover's own row (`tournament.standing`).
 */
export const tournamentConsumer: EngagementConsumer = {
  name: 'tournaments',
  prepare: async (db) => {
    prepared = scoringTournaments(db)
    await prepared
  },
  apply: async (tx, batch, notify, context) => {
    const bets = batch.events.flatMap((entry) => {
      const bet = betOf(entry)
      return bet ? [{ playerId: entry.playerId, bet }] : []
    })
    if (bets.length === 0) return
    const cached = await prepared.catch(() => [])
    const candidates = cached.filter((rules) => bets.some(({ bet }) => qualifies(rules, bet)))
    if (candidates.length === 0) return
    const locked = await executePrepared<LockedTournament>(tx, 'tournament_score_lock', LOCK, [
      json(candidates.map((rules) => rules.id)),
    ])
    const scored: Scored[] = []
    for (const tournament of locked) {
      const result = await scoreTournament(tx, tournament, bets, notify, context)
      if (result) scored.push(result)
    }
    if (scored.length === 0) return
    // Every board's message first: the standings' reads must not hold them back.
    const publish: AfterCommit = async () => {
      for (const { message } of scored) await context.bus.publish('tournament.leaderboard', message)
      for (const { message, moverEntries } of scored) {
        await publishStandings(context.db, context.bus, message.tournament_id, moverEntries)
      }
    }
    return publish
  },
}
