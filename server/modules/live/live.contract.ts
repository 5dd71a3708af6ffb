import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'
import {
  AmountInputSchema,
  CurrencySchema,
  MinorAmountSchema,
  WalletEntrySchema,
} from '#server/modules/wallet/index.ts'
import { LIVE_GAMES } from '#common/live-rules.ts'
import { ROULETTE_MAX_BETS } from '#common/originals-rules.ts'
import { ClientRequestIdSchema } from '../bets/index.ts'
import { RouletteBetSchema } from '../originals/index.ts'

// The live games' wire contract (HTTP and socket). Multipliers travel as decimal text ("2.35")
// beside their basis points, amounts as minor units in strings, times as ISO 8601.

export const LiveGameSchema = z.enum(LIVE_GAMES).describe('`crash` or `live_roulette`')

export const LiveRoundSchema = z.object({
  id: z.string(),
  game: LiveGameSchema,
  number: z.number().int().describe('The round’s position in the game’s hash chain (1, 2, 3…)'),
  status: z.enum(['betting', 'running', 'settled', 'refunded']),
  betting_ends_at: z.string().describe('When bets stop being taken (server clock)'),
  started_at: z.string().nullable().describe('When the round started running (Crash: 1.00×)'),
  settled_at: z.string().nullable(),
  crash_bp: z
    .number()
    .int()
    .nullable()
    .describe('Crash: the crash point in basis points (23 500 is 2.35×), once the round ended'),
  pocket: z.number().int().nullable().describe('Live Roulette: the pocket 0–36, once it landed'),
  round_hash: z
    .string()
    .nullable()
    .describe('The round’s hash in the chain: only once the round ended (it decides the result)'),
})
export type WireLiveRound = z.infer<typeof LiveRoundSchema>

const ChipSchema = z.object({
  kind: RouletteBetSchema.shape.kind,
  value: z.number().int().optional(),
  amount: MinorAmountSchema,
})

/** A bet as every player in the room sees it: the player only by a short masked name. */
export const LiveBetSchema = z.object({
  id: z.string(),
  round_id: z.string(),
  game: LiveGameSchema,
  player: z.string().describe('A masked name ("R•••4f"), the same for a player every round'),
  currency: z.string(),
  amount: MinorAmountSchema.describe('The stake, minor units of `currency`'),
  auto_cashout: z.string().nullable().describe('Crash: the automatic cash-out multiplier, if set'),
  chips: z.array(ChipSchema).nullable().describe('Live Roulette: the chips of this bet'),
  status: z.enum(['placed', 'cashed_out', 'won', 'lost', 'refunded']),
  cashout_multiplier: z.string().nullable().describe('Crash: where it cashed out'),
  win: MinorAmountSchema.describe('What it paid, minor units (0 until it wins)'),
  uncapped_win: MinorAmountSchema.nullable().describe(
    'When the result was worth more than the maximum win per bet: what it was worth (`win` is the cap)',
  ),
})
export type WireLiveBet = z.infer<typeof LiveBetSchema>

export const LiveTimingsSchema = z.object({
  betting_ms: z.number().int(),
  crash_doubling_ms: z.number().int().describe('Crash: the multiplier is 2^(elapsed ÷ this)'),
  roulette_spin_ms: z.number().int(),
  result_pause_ms: z.number().int(),
})

export const LiveStateSchema = z.object({
  game: LiveGameSchema,
  round: LiveRoundSchema.nullable().describe(
    'The round in play, else the last one; null before any',
  ),
  bets: z.array(LiveBetSchema).describe('Every bet of that round, newest first'),
  my_bet_ids: z.array(z.string()).describe('Which of `bets` are the signed-in player’s'),
  history: z
    .array(LiveRoundSchema)
    .describe('The last ended rounds, newest first, with their results and hashes'),
  terminal_hash: z.string().nullable().describe('The chain’s published end (SHA-256ⁿ of round n)'),
  chain_length: z.number().int().nullable(),
  timings: LiveTimingsSchema,
  server_time: z.string().describe('The server’s clock, to draw the Crash curve in step'),
})
export type WireLiveState = z.infer<typeof LiveStateSchema>

export const LiveStateResponseSchema = envelopeOf(LiveStateSchema)

export const CrashBetBodySchema = z.object({
  amount: AmountInputSchema.describe('The stake, minor units of `currency`'),
  currency: CurrencySchema.describe("The player's current wallet currency"),
  auto_cashout: z
    .number()
    .int()
    .min(101)
    .max(1_000_000)
    .nullable()
    .optional()
    .describe(
      'Cash out by itself at this multiplier, in hundredths (1.01× to 10 000×: 101–1000000)',
    ),
  client_request_id: ClientRequestIdSchema,
})

export const CrashCashoutBodySchema = z.object({ bet_id: z.uuid() })

export const LiveRouletteBetBodySchema = z.object({
  currency: CurrencySchema.describe("The player's current wallet currency"),
  bets: z.array(RouletteBetSchema).min(1).max(ROULETTE_MAX_BETS),
  client_request_id: ClientRequestIdSchema,
})

export const LiveBetResponseSchema = envelopeOf(
  z.object({ bet: LiveBetSchema, wallet: WalletEntrySchema.nullable() }),
)

export const LiveRoundProofSchema = z.object({
  round: LiveRoundSchema,
  terminal_hash: z.string(),
  chain_length: z.number().int(),
  previous_hash: z
    .string()
    .nullable()
    .describe('The hash of round n − 1 (SHA-256 of this round’s hash), once this round ended'),
})
export const LiveRoundProofResponseSchema = envelopeOf(LiveRoundProofSchema)

/** Socket: `liveRound` in the room of a game (after `live:join {game}`). */
export const LiveRoundEventSchema = z.object({
  game: LiveGameSchema,
  round: LiveRoundSchema,
  server_time: z.string(),
})
/** Socket: `liveBet` (a bet placed, cashed out or settled) in the room of a game. */
export const LiveBetEventSchema = z.object({ game: LiveGameSchema, bet: LiveBetSchema })
