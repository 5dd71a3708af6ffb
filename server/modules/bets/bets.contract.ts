import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'
import {
  AmountInputSchema,
  CurrencySchema,
  MinorAmountSchema,
  WalletEntrySchema,
} from '#server/modules/wallet/index.ts'

/** The player's id for one bet: the same id twice (a double click) answers the first bet. */
export const ClientRequestIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, { error: 'client_request_id_invalid' })
  .describe('16 to 100 characters of A-Z a-z 0-9 _ -; a UUID does')

export const DiceBetBodySchema = z.object({
  amount: AmountInputSchema.describe('The stake, minor units of `currency`'),
  currency: CurrencySchema.describe("The player's current wallet currency"),
  target: z.number().int().min(1).max(9999).describe('The line, in hundredths (50.00 is 5000)'),
  direction: z.enum(['over', 'under']),
  client_request_id: ClientRequestIdSchema,
})
export type DiceBetBody = z.infer<typeof DiceBetBodySchema>

export const SeedPairSchema = z.object({
  server_seed_hash: z.string().describe('SHA-256 of the secret server seed, committed before play'),
  client_seed: z.string(),
  nonce: z.number().int().describe('The nonce of the next bet'),
})

/** One settled bet as its player and the verify page see it. */
export const BetSchema = z.object({
  id: z.string(),
  game: z.string(),
  round: z.string(),
  currency: z.string(),
  stake: MinorAmountSchema,
  win: MinorAmountSchema.describe('What the bet paid back, minor units (0 for a loss)'),
  uncapped_win: MinorAmountSchema.nullable().describe(
    'When the result was worth more than the maximum win per bet: what it was worth (`win` is the cap); null otherwise',
  ),
  multiplier: z.string().describe('Payout ÷ stake as a decimal ("1.98")'),
  outcome: z.record(z.string(), z.unknown()),
  server_seed_hash: z.string().nullable(),
  client_seed: z.string().nullable(),
  nonce: z.number().int().nullable(),
  /** The server seed once its pair was rotated; null while it is still in use. */
  server_seed: z.string().nullable(),
  created_at: z.string(),
})
export type WireBet = z.infer<typeof BetSchema>

export const DiceBetResponseSchema = envelopeOf(
  z.object({ bet: BetSchema, wallet: WalletEntrySchema.nullable() }),
)
export const SeedPairResponseSchema = envelopeOf(SeedPairSchema)
export const RotateSeedBodySchema = z.object({
  client_seed: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,64}$/, { error: 'client_seed_invalid' })
    .optional()
    .describe('1 to 64 printable characters; a random one when absent'),
})
export const RotateSeedResponseSchema = envelopeOf(
  z.object({
    revealed: z
      .object({
        server_seed: z.string(),
        server_seed_hash: z.string(),
        client_seed: z.string(),
        nonce: z.number().int(),
      })
      .nullable()
      .describe('The pair that ended: its server seed, and how many bets it made'),
    current: SeedPairSchema,
  }),
)
