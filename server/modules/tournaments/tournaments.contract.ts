import { z } from 'zod'
import {
  ENTRY_FEE_KINDS,
  TOURNAMENT_PHASES,
  TOURNAMENT_SCORINGS,
} from '#common/tournament-rules.ts'
import { PrizeSchema } from '#server/modules/rewards/index.ts'

// The wire shapes of the tournaments' calls and socket messages (issue 25; the spec names only the
// two pages). Scores are decimal strings of the tournament's unit (basis points for
// `highest_multiplier`, euro cents for `total_wagered` and `total_won`, points for
// `points_per_spin`), so the browser formats them by `scoring`. Every call answers in the envelope.

const MinorString = z.string().regex(/^\d{1,19}$/)

/** One board row: a place, who holds it (the public name, never an e-mail) and their score. */
export const StandingSchema = z.object({
  place: z.number().int().positive(),
  entry_id: z.uuid(),
  player: z.string(),
  score: MinorString,
  /** When the entry reached its score (the bet's time); null while it scored nothing. */
  reached_at: z.string().nullable(),
  bets: z.number().int(),
  /** Whether this row is the signed-in player's. */
  is_own: z.boolean(),
})
export type Standing = z.infer<typeof StandingSchema>

/** The live board: the top rows, and the player's own row even when outside them. */
export const LeaderboardSchema = z.object({
  tournament_id: z.number().int(),
  /** Counts the board's changes; a socket message with the next version follows this answer. */
  version: z.number().int(),
  participants: z.number().int(),
  top: z.array(StandingSchema),
  own: StandingSchema.nullable(),
})
export type Leaderboard = z.infer<typeof LeaderboardSchema>

export const PlacePrizeSchema = z.object({
  from_place: z.number().int().positive(),
  to_place: z.number().int().positive(),
  label: z.string(),
  prize: PrizeSchema,
})

export const EntryFeeSchema = z.object({
  kind: z.enum(ENTRY_FEE_KINDS),
  /** Coins (with two decimals) or euros, by `kind`; 0 when free. */
  amount: z.number(),
})

/** A tournament as the list shows it. */
export const TournamentCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  text: z.string(),
  image_url: z.string(),
  image_alt: z.string(),
  phase: z.enum(TOURNAMENT_PHASES),
  scoring: z.enum(TOURNAMENT_SCORINGS),
  starts_at: z.string(),
  ends_at: z.string(),
  finished_at: z.string().nullable(),
  entry_fee: EntryFeeSchema,
  participants: z.number().int(),
  /** The first place's prize label, and how many places win. */
  top_prize: z.string(),
  paid_places: z.number().int(),
  /** Whether the signed-in player joined (false for a visitor). */
  joined: z.boolean(),
})
export type TournamentCard = z.infer<typeof TournamentCardSchema>

/** `GET /{lang}/tournaments`: running and upcoming by start, the latest finished first. */
export const TournamentListSchema = z.object({
  running: z.array(TournamentCardSchema),
  upcoming: z.array(TournamentCardSchema),
  finished: z.array(TournamentCardSchema),
})

export const QualifyingGameSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  image_url: z.string().nullable(),
})

/** A finished tournament's placed rows with what each won. */
export const ResultSchema = z.object({
  place: z.number().int().positive(),
  player: z.string(),
  score: MinorString,
  label: z.string().nullable(),
  prize: PrizeSchema.nullable(),
  by_draw: z.boolean(),
  is_own: z.boolean(),
})

/** `GET /{lang}/tournaments/{id}`: the card, the rules, the prize table, the board, the results. */
export const TournamentDetailsSchema = TournamentCardSchema.extend({
  points_per_spin: z.number().int(),
  min_stake_eur: z.number(),
  currencies: z.array(z.string()),
  /** The qualifying games; empty with `categories` empty means every game counts. */
  games: z.array(QualifyingGameSchema),
  categories: z.array(z.object({ slug: z.string(), title: z.string() })),
  prizes: z.array(PlacePrizeSchema),
  leaderboard: LeaderboardSchema,
  /** Once finished: every placed row that won, then the player's own if it did not. */
  results: z.array(ResultSchema),
  server_seed_hash: z.string(),
  /** Once finished. */
  server_seed: z.string().nullable(),
  client_seed: z.string().nullable(),
})
export type TournamentDetails = z.infer<typeof TournamentDetailsSchema>

/** `POST /tournaments/{id}/join`: a money fee is paid in one of the player's wallets. */
export const JoinBodySchema = z
  .object({
    currency: z
      .string()
      .regex(/^[A-Z0-9]{3,5}$/)
      .optional(),
  })
  .strict()

export const JoinAnswerSchema = z.object({ leaderboard: LeaderboardSchema })

/**
 * Socket `tournamentLeaderboard` (to the room `tournament:<id>`, joined with `tournament:watch`):
 * the top rows after a change and the entries that moved (before: null when just joined), from
 * which a browser moves its own place (`placeShift`); a gap in `version` means a message was
 * missed: fetch the board again.
 */
export const StandingMoveSchema = z.object({
  entry_id: z.uuid(),
  before: z.object({ score: MinorString, reached_at: z.string().nullable() }).nullable(),
  after: z.object({ score: MinorString, reached_at: z.string().nullable() }),
})
export const LeaderboardMessageSchema = z.object({
  tournament_id: z.number().int(),
  version: z.number().int(),
  participants: z.number().int(),
  top: z.array(StandingSchema.omit({ is_own: true })),
  moves: z.array(StandingMoveSchema),
})
export type LeaderboardMessage = z.infer<typeof LeaderboardMessageSchema>
