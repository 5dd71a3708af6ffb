import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'
import { listQuerySchema, PageFieldsSchema } from '#server/lib/list-page.ts'
import { PrizeSchema } from './rewards.contract.ts'

// The operators' lottery calls (`/admin/api/lotteries`). Texts are one object per locale prefix;
// the call refuses a change that leaves one of the 16 out or empty (`rewards.texts_incomplete`).
// Amounts are decimal strings of euro cents, as stored; times are ISO 8601 with an offset.

const Slug = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
const Digits = z.string().regex(/^\d{1,15}$/)
const Instant = z.iso.datetime({ offset: true })
/** Any locale keys; the handler checks that all 16 are there and non-empty. */
const textsOf = <F extends string>(fields: readonly [F, ...F[]]) =>
  z.record(
    z.string().max(16),
    z.object(
      Object.fromEntries(fields.map((f) => [f, z.string().max(4000)])) as Record<F, z.ZodString>,
    ),
  )

export const LOTTERY_TEXT_FIELDS = ['title', 'text', 'imageAlt'] as const
export const LOTTERY_PRIZE_TEXT_FIELDS = ['label'] as const

export const LotteryIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
})

const PrizeRowSchema = z.object({
  rank: z.number().int().min(1).max(100),
  prize: PrizeSchema,
  texts: textsOf(LOTTERY_PRIZE_TEXT_FIELDS),
})

/** Ranks 1, 2, 3… in order, and the schedule in order: sales open < sales close ≤ draw. */
export const LotteryBodySchema = z
  .object({
    slug: Slug,
    texts: textsOf(LOTTERY_TEXT_FIELDS),
    image_url: z.string().min(1).max(500),
    sales_open_at: Instant,
    sales_close_at: Instant,
    draw_at: Instant,
    /** Euro cents of real-money stakes per earned ticket; null: tickets are only bought or won. */
    ticket_every_eur_minor: Digits.refine((value) => BigInt(value) > 0n).nullable(),
    max_tickets_per_player: z.number().int().min(1).max(100_000),
    is_enabled: z.boolean(),
    prizes: z.array(PrizeRowSchema).min(1).max(100),
  })
  .superRefine((body, context) => {
    const open = Date.parse(body.sales_open_at)
    const close = Date.parse(body.sales_close_at)
    const draw = Date.parse(body.draw_at)
    if (!(open < close && close <= draw)) {
      context.addIssue({
        code: 'custom',
        path: ['sales_close_at'],
        message: 'sales open before they close, and close no later than the draw',
      })
    }
    if (body.prizes.some((prize, index) => prize.rank !== index + 1)) {
      context.addIssue({ code: 'custom', path: ['prizes'], message: 'ranks 1, 2, 3… in order' })
    }
  })
export type LotteryBody = z.infer<typeof LotteryBodySchema>

export const OperatorLotterySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  texts: z.record(z.string(), z.record(z.string(), z.string())),
  image_url: z.string(),
  sales_open_at: z.string(),
  sales_close_at: z.string(),
  draw_at: z.string(),
  ticket_every_eur_minor: z.string().nullable(),
  max_tickets_per_player: z.number().int(),
  is_enabled: z.boolean(),
  prizes: z.array(
    z.object({
      rank: z.number().int(),
      prize: PrizeSchema,
      texts: z.record(z.string(), z.record(z.string(), z.string())),
    }),
  ),
  server_seed_hash: z.string(),
  /** Revealed by the draw; null before. */
  server_seed: z.string().nullable(),
  client_seed: z.string().nullable(),
  ticket_count: z.number().int(),
  drawn_at: z.string().nullable(),
})
export type OperatorLottery = z.infer<typeof OperatorLotterySchema>

export const OperatorLotteryResponseSchema = envelopeOf(OperatorLotterySchema)
export const LotteryListQuerySchema = listQuerySchema([
  'id',
  'slug',
  'sales_open_at',
  'sales_close_at',
  'draw_at',
  'ticket_count',
  'is_enabled',
])
export const OperatorLotteriesResponseSchema = envelopeOf(
  z.object({ lotteries: z.array(OperatorLotterySchema), ...PageFieldsSchema }),
)
