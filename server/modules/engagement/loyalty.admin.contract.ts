import { z } from 'zod'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import { envelopeOf } from '#server/lib/envelope.ts'

// The operator's loyalty calls (`/admin/api/loyalty-levels`, `/admin/api/vip-tiers`): each
// answers and replaces a whole table. Coins are numbers of coins (at most two decimals), money
// euro cents as decimal strings.

/** Most levels and tiers a programme has; far more than any page can show. */
export const MAX_LEVELS = 50
export const MAX_TIERS = 10

/** A name in every one of the site's 16 locales, none empty. */
export const NamesSchema = z.object(
  Object.fromEntries(
    LOCALE_PREFIXES.map((prefix) => [prefix, z.object({ name: z.string().trim().min(1).max(60) })]),
  ) as Record<(typeof LOCALE_PREFIXES)[number], z.ZodObject<{ name: z.ZodString }>>,
)

/** A badge: a path on this site (`/levels/level-1.svg`) or an https address. */
const ImageUrlSchema = z
  .string()
  .trim()
  .max(500)
  .regex(
    /^(\/(?![/\\])[^\s\\]*|https:\/\/[^\s\\]+)$/,
    'a path starting with / or an https:// address',
  )

const EurMinorSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,13})$/, 'euro cents as a whole number')
  .describe('Euro cents as a decimal string')

const CoinsSchema = z
  .number()
  .min(0)
  .max(10_000_000)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most two decimals')

export const LevelInputSchema = z.object({
  level: z.number().int().min(1).max(MAX_LEVELS),
  from_points: z.number().int().min(0).max(1_000_000_000_000),
  image_url: ImageUrlSchema,
  /** Coins paid once on reaching the level. */
  reward_coins: CoinsSchema,
  texts: NamesSchema,
})

export const LevelsBodySchema = z.object({
  levels: z.array(LevelInputSchema).min(1).max(MAX_LEVELS),
})

export const TierInputSchema = z.object({
  tier: z.number().int().min(1).max(MAX_TIERS),
  from_level: z.number().int().min(1).max(MAX_LEVELS),
  image_url: ImageUrlSchema,
  /** Basis points of the week's net loss paid back (0 to 5 000, i.e. up to 50 %). */
  cashback_bp: z.number().int().min(0).max(5_000),
  cashback_cap_eur: EurMinorSchema,
  /** 10 000 = 1× (up to 50 000, 5×). */
  coin_multiplier_bp: z.number().int().min(10_000).max(50_000),
  withdrawal_limit_eur: EurMinorSchema,
  texts: NamesSchema,
})

export const TiersBodySchema = z.object({
  tiers: z.array(TierInputSchema).max(MAX_TIERS),
})

export const LevelsResponseSchema = envelopeOf(LevelsBodySchema)
export const TiersResponseSchema = envelopeOf(TiersBodySchema)

export type LevelInput = z.infer<typeof LevelInputSchema>
export type TierInput = z.infer<typeof TierInputSchema>
