import { LEADERBOARD_TOP } from '#common/tournament-rules.ts'
import { executePrepared, type Db, type Tx } from '#db/client.ts'
import { publicName } from '#server/modules/players/index.ts'
import type { Leaderboard, LeaderboardMessage, Standing } from './tournaments.contract.ts'

// Board reads, in the board's order: higher score first, then the earlier `reached_at` (an entry
// that scored nothing last), then the entry id (`placedAbove` in common/tournament-rules.ts). Once
// finished, the board is the results' places (ties settled by the draw).

/** A board row as the board's queries answer it. */
export interface BoardRow {
  entry_id: string
  player_id: string
  first_name: string
  last_name: string
  score: string
  reached_at: Date | string | null
  bets: number
  place: number | string
}

// `desc nulls last` as `tournament_entries_board_idx` is written (scores are never null): a plain
// `desc` (nulls first) cannot read that index and sorts every entry instead.
const TOP_RUNNING = `
  select e.id::text as entry_id, e.player_id::text as player_id, p.first_name, p.last_name,
         e.score::text as score, e.reached_at, e.bets,
         row_number() over (order by e.score desc nulls last, e.reached_at asc nulls last, e.id) as place
  from tournament_entries e join players p on p.id = e.player_id
  where e.tournament_id = $1
  order by e.score desc nulls last, e.reached_at asc nulls last, e.id
  limit $2`

const TOP_FINISHED = `
  select r.entry_id::text as entry_id, r.player_id::text as player_id, p.first_name, p.last_name,
         r.score::text as score, e.reached_at, e.bets, r.place
  from tournament_results r
  join tournament_entries e on e.id = r.entry_id
  join players p on p.id = r.player_id
  where r.tournament_id = $1 and r.place <= $2
  order by r.place`

// The player's row and how many entries are placed above it (null reached_at sorts last).
const OWN_RUNNING = `
  select e.id::text as entry_id, e.player_id::text as player_id, p.first_name, p.last_name,
         e.score::text as score, e.reached_at, e.bets,
         1 + (select count(*) from tournament_entries o
              where o.tournament_id = e.tournament_id
                and (o.score > e.score
                  or (o.score = e.score and (
                    coalesce(o.reached_at, 'infinity') < coalesce(e.reached_at, 'infinity')
                    or (coalesce(o.reached_at, 'infinity') = coalesce(e.reached_at, 'infinity')
                        and o.id < e.id))))) as place
  from tournament_entries e join players p on p.id = e.player_id
  where e.tournament_id = $1 and e.player_id = $2`

// Once finished, an entry without a result (it scored nothing) is placed after the results.
const OWN_FINISHED = `
  select e.id::text as entry_id, e.player_id::text as player_id, p.first_name, p.last_name,
         e.score::text as score, e.reached_at, e.bets,
         coalesce(r.place, (select count(*) from tournament_results x where x.tournament_id = e.tournament_id) + 1) as place
  from tournament_entries e join players p on p.id = e.player_id
  left join tournament_results r on r.entry_id = e.id
  where e.tournament_id = $1 and e.player_id = $2`

const HEAD = `
  select leaderboard_version::int as version, participant_count as participants,
         finished_at is not null as finished
  from tournaments where id = $1`

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString()

/** A board row on the wire; `is_own` when it is `playerId`'s. */
export function standingOf(row: BoardRow, playerId: string | null): Standing {
  return {
    place: Number(row.place),
    entry_id: row.entry_id,
    player: publicName({ id: row.player_id, firstName: row.first_name, lastName: row.last_name }),
    score: row.score,
    reached_at: iso(row.reached_at),
    bets: row.bets,
    is_own: row.player_id === playerId,
  }
}

/** The top `limit` rows of a tournament's board, place 1 first. */
export async function topRows(
  db: Db | Tx,
  tournamentId: number,
  finished: boolean,
  limit: number = LEADERBOARD_TOP,
  playerId: string | null = null,
): Promise<Standing[]> {
  const rows = finished
    ? await executePrepared<BoardRow>(db, 'tournament_top_finished', TOP_FINISHED, [
        tournamentId,
        limit,
      ])
    : await executePrepared<BoardRow>(db, 'tournament_top', TOP_RUNNING, [tournamentId, limit])
  return rows.map((row) => standingOf(row, playerId))
}

/** The player's own row with its place, or null when they did not join. */
export async function ownRow(
  db: Db | Tx,
  tournamentId: number,
  finished: boolean,
  playerId: string,
): Promise<Standing | null> {
  const [row] = finished
    ? await executePrepared<BoardRow>(db, 'tournament_own_finished', OWN_FINISHED, [
        tournamentId,
        playerId,
      ])
    : await executePrepared<BoardRow>(db, 'tournament_own', OWN_RUNNING, [tournamentId, playerId])
  return row ? standingOf(row, playerId) : null
}

/** The board as a page or a call shows it; null when there is no such tournament. */
export async function readLeaderboard(
  db: Db | Tx,
  tournamentId: number,
  playerId: string | null,
): Promise<Leaderboard | null> {
  const [head] = await executePrepared<{
    version: number
    participants: number
    finished: boolean
  }>(db, 'tournament_head', HEAD, [tournamentId])
  if (!head) return null
  const [top, own] = await Promise.all([
    topRows(db, tournamentId, head.finished, LEADERBOARD_TOP, playerId),
    playerId === null ? null : ownRow(db, tournamentId, head.finished, playerId),
  ])
  return {
    tournament_id: tournamentId,
    version: head.version,
    participants: head.participants,
    top,
    own,
  }
}

/**
 * The socket message after a change to the board, read in the changing transaction (so the top
 * rows are those of `version`); the caller publishes it (`tournament.leaderboard`) after the commit.
 */
export async function boardMessage(
  tx: Tx,
  tournamentId: number,
  head: { version: number; participants: number },
  moves: LeaderboardMessage['moves'],
): Promise<LeaderboardMessage> {
  const top = await topRows(tx, tournamentId, false)
  return {
    tournament_id: tournamentId,
    version: head.version,
    participants: head.participants,
    top: top.map(({ is_own: _own, ...row }) => row),
    moves,
  }
}
