import { z } from 'zod'
import { AMOUNT_PATTERN } from '#common/money.ts'
import {
  ENTRY_FEE_KINDS,
  MAX_PAID_PLACES,
  TOURNAMENT_PHASES,
  TOURNAMENT_SCORINGS,
} from '#common/tournament-rules.ts'
import { envelopeOf } from '#server/lib/envelope.ts'
import { listQuerySchema, PageFieldsSchema } from '#server/lib/list-page.ts'
import { PrizeSchema } from '#server/modules/rewards/index.ts'

// The operators' tournament calls (`/admin/api/tournaments`), snake_case like the lottery's.
// The schema checks shapes (else 400 `request.invalid`); what needs the rules or the catalogue
// (schedule order, prize table, fee, games, categories, currencies, every locale) is checked by
// the handler and refused with 400 `tournament.invalid` and a `reason`. Amounts are decimal
// strings of minor units, as stored; times are ISO 8601 with an offset.

const Slug = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
/** Whole minor units, 0 to 12 digits (`MAX_AMOUNT_MINOR`). */
const Minor = z.string().regex(AMOUNT_PATTERN)
const Instant = z.iso.datetime({ offset: true })
const Place = z.number().int().min(1).max(MAX_PAID_PLACES)
/** Any locale keys; the handler checks that all 16 are there and non-empty. */
const textsOf = <F extends string>(fields: readonly [F, ...F[]]) =>
  z.record(
    z.string().max(16),
    z.object(
      Object.fromEntries(fields.map((f) => [f, z.string().max(4000)])) as Record<F, z.ZodString>,
    ),
  )

export const TOURNAMENT_TEXT_FIELDS = ['title', 'text', 'imageAlt'] as const
export const TOURNAMENT_PRIZE_TEXT_FIELDS = ['label'] as const

/**
 * Why a body was refused (`tournament.invalid`, param `reason`):
 * - `texts`: a locale missing or empty (param `locale`);
 * - `schedule`: the start not before the end, or the end not in the future;
 * - `prizes`: the table does not cover places 1..n without gaps or overlaps, or a prize cannot be
 *   paid (params `place` and `problem`, from the rewards' `prizeProblem`);
 * - `games`: a game the catalogue does not have (param `game`);
 * - `categories`: a category no game is in (param `category`);
 * - `currencies`: a currency the site does not support (param `currency`);
 * - `fee`: a free entry with an amount, or a paid one without;
 * - `slug_taken`: another tournament has the slug.
 */
export const TOURNAMENT_INVALID_REASONS = [
  'texts',
  'schedule',
  'prizes',
  'games',
  'categories',
  'currencies',
  'fee',
  'slug_taken',
] as const
export type TournamentInvalidReason = (typeof TOURNAMENT_INVALID_REASONS)[number]

export const TournamentIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
})

const PrizeRowSchema = z.object({
  from_place: Place,
  to_place: Place,
  prize: PrizeSchema,
  texts: textsOf(TOURNAMENT_PRIZE_TEXT_FIELDS),
})

export const EntryFeeBodySchema = z.object({
  kind: z.enum(ENTRY_FEE_KINDS),
  /** Coins in hundredths or euro cents, by `kind`; "0" when free. */
  amount_minor: Minor,
})

export const TournamentBodySchema = z.object({
  slug: Slug,
  texts: textsOf(TOURNAMENT_TEXT_FIELDS),
  image_url: z.string().min(1).max(500),
  scoring: z.enum(TOURNAMENT_SCORINGS),
  /** The points a qualifying bet scores under `points_per_spin` (kept, unused, otherwise). */
  points_per_spin: z.number().int().min(1).max(1_000_000),
  /**
   * Qualifying games by the catalogue's id, slug or engine; stored as the name a bet records
   * (`bets.game`): the engine of an Original or live game (`dice`, `slots`, `crash`), the slug of
   * a studio's. Empty with `category_slugs` empty: every game counts.
   */
  game_ids: z.array(z.string().min(1).max(100)).max(200),
  /** Catalogue categories (`originals`, `slots`): a bet on a game in one counts. */
  category_slugs: z.array(Slug).max(50),
  /** The currencies whose bets count (and a money fee may be paid in); empty: every currency. */
  currencies: z.array(z.string().regex(/^[A-Z0-9]{3,5}$/)).max(30),
  min_stake_eur_minor: Minor,
  entry_fee: EntryFeeBodySchema,
  starts_at: Instant,
  ends_at: Instant,
  is_enabled: z.boolean(),
  prizes: z.array(PrizeRowSchema).min(1).max(100),
})
export type TournamentBody = z.infer<typeof TournamentBodySchema>

const Texts = z.record(z.string(), z.record(z.string(), z.string()))

/** A tournament as the operator edits it: every field of the body, and what play made of it. */
export const OperatorTournamentSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  texts: Texts,
  image_url: z.string(),
  scoring: z.enum(TOURNAMENT_SCORINGS),
  points_per_spin: z.number().int(),
  game_ids: z.array(z.string()),
  category_slugs: z.array(z.string()),
  currencies: z.array(z.string()),
  min_stake_eur_minor: z.string(),
  entry_fee: z.object({ kind: z.enum(ENTRY_FEE_KINDS), amount_minor: z.string() }),
  starts_at: z.string(),
  ends_at: z.string(),
  is_enabled: z.boolean(),
  prizes: z.array(
    z.object({
      from_place: z.number().int(),
      to_place: z.number().int(),
      prize: PrizeSchema,
      texts: Texts,
    }),
  ),
  /** By the clock and the finish job (`tournamentPhase`). */
  phase: z.enum(TOURNAMENT_PHASES),
  server_seed_hash: z.string(),
  /** Revealed once finished; null before. */
  server_seed: z.string().nullable(),
  client_seed: z.string().nullable(),
  participant_count: z.number().int(),
  leaderboard_version: z.number().int(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type OperatorTournament = z.infer<typeof OperatorTournamentSchema>

export const OperatorTournamentResponseSchema = envelopeOf(
  z.object({ tournament: OperatorTournamentSchema }),
)
export const TournamentListQuerySchema = listQuerySchema([
  'id',
  'slug',
  'starts_at',
  'ends_at',
  'phase',
  'participant_count',
  'created_at',
  'is_enabled',
])
export const OperatorTournamentsResponseSchema = envelopeOf(
  z.object({ tournaments: z.array(OperatorTournamentSchema), ...PageFieldsSchema }),
)
