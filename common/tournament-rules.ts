/**
 * Tournaments' rules (issue 25), shared by the server and the browser: which bets qualify, what a
 * bet scores under each scoring rule, how standings are ordered (higher score first, then who
 * reached it first, then the provably fair draw at the end), which place wins what, a tournament's
 * phase by the clock, and how a player's own place moves when others' scores move (the live
 * leaderboard sends the movers, not every player's place). Docs: docs/decisions/016-tournaments.md.
 */
import { uniformInt } from './originals-rules.ts'
import type { Prize } from './rewards-rules.ts'

// ---- Scoring -----------------------------------------------------------------------------------

/**
 * - `highest_multiplier`: the best single win ÷ stake, in basis points (10 000 = 1×).
 * - `total_wagered`: the sum of qualifying stakes, in euro cents.
 * - `total_won`: the sum of qualifying wins (payouts), in euro cents.
 * - `points_per_spin`: `pointsPerSpin` points for every qualifying bet (a spin race).
 */
export const TOURNAMENT_SCORINGS = [
  'highest_multiplier',
  'total_wagered',
  'total_won',
  'points_per_spin',
] as const
export type TournamentScoring = (typeof TOURNAMENT_SCORINGS)[number]

/** The entry fee's kind: none, coins (hundredths) or money (euro cents, paid in a wallet's currency). */
export const ENTRY_FEE_KINDS = ['free', 'coins', 'money'] as const
export type EntryFeeKind = (typeof ENTRY_FEE_KINDS)[number]

/** What the rules look at in a tournament. Empty lists mean every game, every currency. */
export interface TournamentRules {
  scoring: TournamentScoring
  /** `points_per_spin` only: the points each qualifying bet scores. */
  pointsPerSpin: number
  gameIds: readonly string[]
  /** Catalogue category slugs (`slots`, `originals`): a bet on a game in one qualifies. */
  categorySlugs: readonly string[]
  currencies: readonly string[]
  minStakeEurMinor: bigint
  startsAt: Date
  endsAt: Date
}

/** A settled bet as the rules see it (the engagement engine's event, with its currency and win). */
export interface TournamentBet {
  gameId: string
  gameCategories: readonly string[]
  currency: string
  stakeEurMinor: bigint
  winEurMinor: bigint
  /** The payout ÷ the stake, in basis points. */
  multiplierBp: number
  at: Date
}

/** Whether a bet counts: placed while the tournament runs, on a qualifying game and currency, at the minimum stake or more. */
export function qualifies(rules: TournamentRules, bet: TournamentBet): boolean {
  if (bet.at < rules.startsAt || bet.at >= rules.endsAt) return false
  if (bet.stakeEurMinor <= 0n || bet.stakeEurMinor < rules.minStakeEurMinor) return false
  if (rules.currencies.length > 0 && !rules.currencies.includes(bet.currency)) return false
  const anyGame = rules.gameIds.length === 0 && rules.categorySlugs.length === 0
  return (
    anyGame ||
    rules.gameIds.includes(bet.gameId) ||
    bet.gameCategories.some((slug) => rules.categorySlugs.includes(slug))
  )
}

/** What one qualifying bet brings under the rule (before `combineScore`). */
export function betScore(
  rules: Pick<TournamentRules, 'scoring' | 'pointsPerSpin'>,
  bet: TournamentBet,
): bigint {
  switch (rules.scoring) {
    case 'highest_multiplier':
      // A malformed multiplier scores nothing rather than failing the whole drain.
      return Number.isFinite(bet.multiplierBp)
        ? BigInt(Math.max(Math.trunc(bet.multiplierBp), 0))
        : 0n
    case 'total_wagered':
      return bet.stakeEurMinor
    case 'total_won':
      return bet.winEurMinor > 0n ? bet.winEurMinor : 0n
    case 'points_per_spin':
      return BigInt(rules.pointsPerSpin)
  }
}

/** A score after a bet that brought `add`: the best for `highest_multiplier`, the sum otherwise. */
export function combineScore(scoring: TournamentScoring, current: bigint, add: bigint): bigint {
  if (scoring === 'highest_multiplier') return add > current ? add : current
  return current + add
}

// ---- Standings ---------------------------------------------------------------------------------

/**
 * Where an entry stands: its score, when it reached it (null while it scored nothing), and its
 * id (orders the live board's remaining ties until the draw settles them at the end).
 */
export interface StandingKey {
  score: bigint
  reachedAt: Date | null
  entryId: string
}

/** Whether `a` is placed above `b`: a higher score, else reached earlier, else the lower id. */
export function placedAbove(a: StandingKey, b: StandingKey): boolean {
  if (a.score !== b.score) return a.score > b.score
  const at = a.reachedAt?.getTime() ?? Number.POSITIVE_INFINITY
  const bt = b.reachedAt?.getTime() ?? Number.POSITIVE_INFINITY
  if (at !== bt) return at < bt
  return a.entryId < b.entryId
}

/**
 * How the player's own place changes when another entry moves from `before` to `after` (a
 * leaderboard message's mover): +1 when it passed them (their place number grows), -1 when it
 * fell below them, 0 otherwise. `before` is null for an entry that just joined.
 */
export function placeShift(
  own: StandingKey,
  before: StandingKey | null,
  after: StandingKey,
): number {
  if (before?.entryId === own.entryId || after.entryId === own.entryId) return 0
  const wasAbove = before !== null && placedAbove(before, own)
  const isAbove = placedAbove(after, own)
  return (isAbove ? 1 : 0) - (wasAbove ? 1 : 0)
}

/**
 * The final order of entries tied on score and time (rare: the same microsecond), by the
 * tournament's provably fair draw: a partial Fisher-Yates shuffle of the group in entry-id order,
 * one uniformInt per position from the draw's stream (HMAC-SHA256(serverSeed,
 * `clientSeed:0:cursor`)), the groups taken from the top of the board down.
 */
export function tieBreak(u32s: Iterator<number>, tied: readonly string[]): string[] {
  const pool = [...tied].sort()
  for (let index = 0; index < pool.length - 1; index++) {
    // An ended stream would give NaN picks (a silent, unverifiable order): refuse instead.
    const next = u32s.next()
    if (next.done === true || typeof next.value !== 'number') {
      throw new Error('tie-break stream ended')
    }
    const pick = index + uniformInt(next.value, pool.length - index)
    const chosen = pool[pick] as string
    pool[pick] = pool[index] as string
    pool[index] = chosen
  }
  return pool
}

// ---- Prizes and phases -------------------------------------------------------------------------

/** A prize table row: places `fromPlace`..`toPlace` (inclusive) each win `prize`. */
export interface PlacePrize {
  fromPlace: number
  toPlace: number
  prize: Prize
}

/** Places one tournament may pay at most (every payout has a cap). */
export const MAX_PAID_PLACES = 1000

/** The prize of a place, if any. */
export function prizeOfPlace<T extends Pick<PlacePrize, 'fromPlace' | 'toPlace'>>(
  rows: readonly T[],
  place: number,
): T | undefined {
  return rows.find((row) => place >= row.fromPlace && place <= row.toPlace)
}

/** How many places win a prize (the table's last place). */
export function paidPlaces(rows: readonly Pick<PlacePrize, 'toPlace'>[]): number {
  return rows.reduce((most, row) => Math.max(most, row.toPlace), 0)
}

/**
 * Whether a prize table is well formed: ranges from place 1 without gaps or overlaps, each
 * `fromPlace` ≤ `toPlace`, within `MAX_PAID_PLACES`.
 */
export function prizeTableIsValid(
  rows: readonly Pick<PlacePrize, 'fromPlace' | 'toPlace'>[],
): boolean {
  if (rows.length === 0) return false
  const sorted = [...rows].sort((a, b) => a.fromPlace - b.fromPlace)
  let next = 1
  for (const row of sorted) {
    if (!Number.isInteger(row.fromPlace) || !Number.isInteger(row.toPlace)) return false
    if (row.fromPlace !== next || row.toPlace < row.fromPlace) return false
    next = row.toPlace + 1
  }
  return next - 1 <= MAX_PAID_PLACES
}

/**
 * A tournament's phase: `upcoming` before it starts (players may join), `running` while bets
 * count, `finishing` from its end until the results are paid, `finished` after.
 */
export const TOURNAMENT_PHASES = ['upcoming', 'running', 'finishing', 'finished'] as const
export type TournamentPhase = (typeof TOURNAMENT_PHASES)[number]

export function tournamentPhase(
  tournament: { startsAt: Date; endsAt: Date; finishedAt: Date | null },
  now: Date,
): TournamentPhase {
  if (tournament.finishedAt !== null) return 'finished'
  if (now < tournament.startsAt) return 'upcoming'
  if (now < tournament.endsAt) return 'running'
  return 'finishing'
}

/** Players may join while it is upcoming or running. */
export const canJoin = (phase: TournamentPhase): boolean =>
  phase === 'upcoming' || phase === 'running'

/** The leaderboard rows every message and page shows (the player's own row comes besides). */
export const LEADERBOARD_TOP = 10
