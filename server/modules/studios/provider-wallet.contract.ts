import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'
import { PLAY_BARS } from '#common/protection.ts'

// The seamless-wallet API game studios call (docs/provider-api.md). Its answers are not the site's
// envelope: a studio's server reads `status` and, on a refusal, a stable `code`.

/** Every refusal a studio can get, with its HTTP status. Nothing moved when one is answered. */
export const PROVIDER_ERROR_STATUS = {
  /** The body is not JSON or does not match the call's schema. */
  invalid_request: 400,
  /** Missing signing headers, an unknown or disabled provider, or a signature that does not match. */
  signature_invalid: 401,
  /** `Aurum-Timestamp` is more than five minutes away from the casino's clock. */
  timestamp_invalid: 401,
  /** The same `Aurum-Nonce` was already used by this provider within the replay window. */
  request_replayed: 409,
  /** No launch token or session with this value belongs to the calling provider. */
  token_unknown: 401,
  /** The launch token was not exchanged in time, or was already exchanged. */
  token_expired: 401,
  /** The session went idle; bets and balance need a live session (wins and rollbacks do not). */
  session_expired: 401,
  /** `player_id` is not the player the session belongs to. */
  player_mismatch: 403,
  /** The call's currency is not the session's (the wallet the game was opened with). */
  currency_mismatch: 409,
  /** The game has no stake limits in the session's currency. */
  currency_not_supported: 409,
  /** The stake is larger than the player's cash (`balance` says what there is). */
  insufficient_funds: 409,
  /** The stake is below the game's minimum in that currency (`min`). */
  stake_below_min: 400,
  /** The stake is above the game's maximum in that currency (`max`). */
  stake_above_max: 400,
  /**
   * The stake is above what the player's loss or wager limit allows now; `max` is
   * what it still allows. Nothing moved; the same transaction id may be sent again later.
   */
  limit_exceeded: 409,
  /**
   * The player may not play now (a time-out, self-exclusion, closed account, national register
   * match, a reality check awaiting the player's answer, the daily play-time limit, or a spin
   * sooner than the player's jurisdiction allows); `reason` says which. Nothing moved.
   */
  player_blocked: 403,
  /** A transaction id used before with another kind, amount, round or player. */
  transaction_conflict: 409,
  /** A bet whose rollback arrived first: it can never land. */
  bet_rolled_back: 409,
  /** A rollback of a bet whose round already paid a win: refused, the win stands. */
  bet_settled: 409,
  /** A win for a round in which this player has no bet standing. */
  round_not_found: 404,
  /** The same transaction id is being handled by a parallel call: send it again. */
  transaction_in_progress: 409,
  /** `free_round_id` names no grant of this player (someone else's reads the same). */
  free_round_not_found: 404,
  /** The free round's grant is for another game than the session's. */
  free_round_wrong_game: 409,
  /** The free round's grant expired. */
  free_round_expired: 409,
  /** The free round's grant has no spins left. */
  free_round_used_up: 409,
  /** A free round's bet must stake exactly the grant's stake (`min` = `max` = that stake). */
  free_round_stake_mismatch: 400,
  /** Anything unexpected; logged on the casino's side, safe to retry. */
  internal_error: 500,
} as const
export type ProviderErrorCode = keyof typeof PROVIDER_ERROR_STATUS

/** Why `player_blocked` refused a bet: a bar of the player's protection, or a spin too soon. */
export const PLAYER_BLOCKED_REASONS = [...PLAY_BARS, 'slot_cycle'] as const
export type PlayerBlockedReason = (typeof PLAYER_BLOCKED_REASONS)[number]

/** Studio-side ids: its transaction and round ids are opaque text to the casino. */
const ExternalIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/)
  .describe('1 to 100 characters of A-Z a-z 0-9 _ . : -')

const TokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/)

/** Whole minor units as a decimal string; "0" only where the call says so. */
const MinorSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,17})$/)
  .describe('Minor units of the currency as a decimal string ("150" is 1.50 EUR)')

const SessionFields = {
  session: TokenSchema.describe('The session token `authenticate` answered'),
  player_id: z.uuid().describe('The player `authenticate` answered; checked against the session'),
}

export const AuthenticateBodySchema = z.object({
  token: TokenSchema.describe('The launch token from the game URL (`token=`); single use'),
})
export const BalanceBodySchema = z.object(SessionFields)
export const BetBodySchema = z.object({
  ...SessionFields,
  transaction_id: ExternalIdSchema.describe('The studio’s id of this bet: the idempotency key'),
  round_id: ExternalIdSchema,
  amount: MinorSchema.refine((value) => value !== '0', 'a stake is more than 0'),
  currency: z.string().regex(/^[A-Z]{3,4}$/),
  free_round_id: z
    .uuid()
    .optional()
    .describe(
      'A free round (`free_rounds[].id`): one of its spins, staked by the casino, not the player',
    ),
})
export const WinBodySchema = z.object({
  ...SessionFields,
  transaction_id: ExternalIdSchema.describe('The studio’s id of this win: the idempotency key'),
  round_id: ExternalIdSchema.describe('The round of the bets it pays'),
  amount: MinorSchema.describe('"0" closes a lost round without moving money'),
  currency: z.string().regex(/^[A-Z]{3,4}$/),
})
export const RollbackBodySchema = z.object({
  ...SessionFields,
  transaction_id: ExternalIdSchema.describe('The studio’s id of this rollback'),
  bet_transaction_id: ExternalIdSchema.describe('The bet to take back, seen or not'),
  round_id: ExternalIdSchema,
})
export type AuthenticateBody = z.infer<typeof AuthenticateBodySchema>
export type BalanceBody = z.infer<typeof BalanceBodySchema>
export type BetBody = z.infer<typeof BetBodySchema>
export type WinBody = z.infer<typeof WinBodySchema>
export type RollbackBody = z.infer<typeof RollbackBodySchema>

/** Free spins the player holds on the session's game (prizes of the casino's rewards). */
export const FreeRoundSchema = z.object({
  id: z.uuid().describe('Send it as the bet’s `free_round_id` to play one of these spins'),
  spins_left: z.number().int(),
  stake_minor: MinorSchema.describe('Each spin’s stake: the bet must stake exactly this'),
  currency: z.string(),
  expires_at: z.string(),
})
const FreeRoundsSchema = z
  .array(FreeRoundSchema)
  .describe('The player’s free rounds on this game that can be played now, soonest expiry first')

export const AuthenticateAnswerSchema = z.object({
  status: z.literal('ok'),
  session: z.string().describe('Send it with every later call of this game session'),
  player_id: z.string(),
  currency: z.string(),
  balance: MinorSchema,
  game_code: z.string().describe('The studio’s own code of the game the token was issued for'),
  country: z.string().describe('The player’s country (ISO 3166-1 alpha-2)'),
  stake_min: MinorSchema,
  stake_max: MinorSchema,
  free_rounds: FreeRoundsSchema,
})
export type AuthenticateAnswer = z.infer<typeof AuthenticateAnswerSchema>

export const BalanceAnswerSchema = z.object({
  status: z.literal('ok'),
  currency: z.string(),
  balance: MinorSchema,
  free_rounds: FreeRoundsSchema,
})

export const TransactionAnswerSchema = z.object({
  status: z.literal('ok'),
  currency: z.string(),
  balance: MinorSchema.describe('The player’s cash after this transaction'),
  transaction_id: z.string(),
  casino_transaction_id: z
    .string()
    .nullable()
    .describe('The ledger transfer; null when nothing moved (a win of 0, an early rollback)'),
  amount: MinorSchema.optional().describe(
    '`win` only: what Aurum paid, which is less than asked when the maximum win per bet was reached',
  ),
  capped: z
    .boolean()
    .optional()
    .describe('`win` only: true when the maximum win per bet cut this win (`amount` was paid)'),
})
export type TransactionAnswer = z.infer<typeof TransactionAnswerSchema>

export const ProviderErrorSchema = z.object({
  status: z.literal('error'),
  code: z.enum(Object.keys(PROVIDER_ERROR_STATUS) as [ProviderErrorCode, ...ProviderErrorCode[]]),
  message: z.string().describe('For the studio’s developers; English'),
  balance: MinorSchema.optional(),
  min: MinorSchema.optional(),
  max: MinorSchema.optional(),
  reason: z
    .enum(PLAYER_BLOCKED_REASONS)
    .optional()
    .describe(
      '`player_blocked` only: why the player may not play now (a break or closure ends only when the player or time lifts it; `reality_check` until the player answers on the site; `play_time` until the daily limit frees up; `slot_cycle` for a moment)',
    ),
})
export type ProviderErrorAnswer = z.infer<typeof ProviderErrorSchema>

// The casino's own call that opens a studio game for the signed-in player (or in demo).
export const LaunchBodySchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,80}$/),
  mode: z.enum(['real', 'demo']),
  currency: z
    .string()
    .regex(/^[A-Z]{3,4}$/)
    .optional()
    .describe('Real play: the current wallet'),
  locale: z
    .string()
    .regex(/^[a-z]{2}([-_][a-z]{2})?$/)
    .describe('The page’s locale prefix'),
})
export const LaunchResponseSchema = envelopeOf(
  z.object({
    url: z.string().describe('The studio’s game page for the iframe; carries a one-time token'),
    expires_at: z.string().nullable().describe('When an unused launch token lapses'),
  }),
)
